import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.js';
import type { Executor } from '../../db/types.js';
import type { suppressionReasons } from '../../db/schema/index.js';
import { emailDomain, erasedHash } from './matching.js';

export type SuppressionReason = (typeof suppressionReasons)[number];
type Match = { reason: SuppressionReason; source: string };

/** Puts an address on the list; an address already there keeps its first entry. */
export async function suppressAddress(
  db: Executor,
  entry: { email: string; reason: Exclude<SuppressionReason, 'erased'>; source: string },
): Promise<void> {
  await suppressAddresses(db, [entry]);
}

/** Suppresses addresses in one statement (a provider batch's hard bounces); kept entries stay. */
export async function suppressAddresses(
  db: Executor,
  entries: { email: string; reason: Exclude<SuppressionReason, 'erased'>; source: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({ ...e, email: e.email.toLowerCase() }));
  // DISTINCT ON: one row per address (ON CONFLICT may not meet the same row twice).
  await db.execute(sql`INSERT INTO suppressions (email, reason, source)
    SELECT DISTINCT ON (e.email) e.email, e.reason, e.source
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(email text, reason text, source text)
     ORDER BY e.email
    ON CONFLICT (email) WHERE email IS NOT NULL DO NOTHING`);
}

/** Suppresses every address of a domain (a manual decision). */
export async function suppressDomain(
  db: Executor,
  entry: { domain: string; reason: 'manual'; source: string },
): Promise<void> {
  await db.execute(sql`INSERT INTO suppressions (domain, reason, source)
    VALUES (${entry.domain.toLowerCase()}, ${entry.reason}, ${entry.source})
    ON CONFLICT (domain) WHERE domain IS NOT NULL DO NOTHING`);
}

/**
 * An erased person: the address itself is dropped from the list (an earlier complaint or
 * bounce entry would keep it readable) and only its salted hash stays.
 */
export async function suppressErased(db: Executor, email: string, source: string): Promise<void> {
  const hash = await erasedHash(db, email);
  await db.execute(sql`DELETE FROM suppressions WHERE email = ${email.toLowerCase()}`);
  await db.execute(sql`INSERT INTO suppressions (email_hash, reason, source)
    VALUES (${hash}, 'erased', ${source})
    ON CONFLICT (email_hash) WHERE email_hash IS NOT NULL DO NOTHING`);
}

/** A fresh double opt-in through a form is the person's new consent: the erasure is lifted. */
export async function liftErasure(db: Executor, email: string): Promise<void> {
  const hash = await erasedHash(db, email);
  await db.execute(sql`DELETE FROM suppressions WHERE email_hash = ${hash}`);
}

/** Why an address must not be mailed (its own entry first, then an erasure, then its domain). */
export async function suppressionOf(db: Executor, email: string): Promise<Match | null> {
  const hash = await erasedHash(db, email);
  const [row] = await queryRows<Match>(
    db,
    sql`SELECT reason, source FROM suppressions
        WHERE email = ${email.toLowerCase()} OR email_hash = ${hash} OR domain = ${emailDomain(email)}
        ORDER BY (email IS NOT NULL) DESC, (email_hash IS NOT NULL) DESC LIMIT 1`,
  );
  return row ?? null;
}

const messages: Record<SuppressionReason, string> = {
  complaint: 'This address is on the suppression list: its owner reported a message as spam.',
  hard_bounce: 'This address is on the suppression list: mail to it bounced permanently.',
  manual: 'This address is on the suppression list.',
  erased:
    'This address was erased at its owner’s request and cannot be added again except by their own new opt-in.',
};

/** The text a 400 or an import row shows for a suppressed address. */
export const suppressionMessage = (reason: SuppressionReason) => messages[reason];
