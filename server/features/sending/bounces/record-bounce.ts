import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import { suppressAddresses } from '../../suppressions/index.js';
import { changeSubscription } from '../subscriber-state.js';

export type BouncePolicy = { softBounceLimit: number; softBounceDays: number };

export type Bounce = { deliveryId: number; email: string; hard: boolean; eventKey?: string };

/** A stat_bounces record a call made (the email as given, so callers can tell whose it is). */
type InsertedBounce = {
  delivery_id: number;
  email: string;
  hard: boolean;
  event_key: string | null;
};

/**
 * Records a bounce of `email` for a delivery (a stat_bounces record) and applies the
 * policy; see recordBounces. `bounced`: whether the subscriber changed state.
 */
export async function recordBounce(
  db: Executor,
  bounce: Bounce,
  policy: BouncePolicy,
): Promise<{ recorded: boolean; bounced: boolean }> {
  const { recorded, bounced } = await recordBounces(db, [bounce], policy);
  return { recorded: recorded > 0, bounced: bounced > 0 };
}

/**
 * Records bounces (stat_bounces records) in one statement for a whole provider batch, and
 * applies the policy: a hard bounce, or `softBounceLimit` soft ones within `softBounceDays`
 * on the same list, sets the subscriber `bounced`; a hard bounce also puts the address on
 * the suppression list (reason `hard_bounce`). `eventKey` (webhook reports) makes it
 * idempotent: a bounce whose key is already recorded, by an earlier request, a concurrent
 * one or earlier in the same batch, records nothing (the unique index decides, so replays
 * racing each other still count once). Answers how many were recorded (and which) and how
 * many subscribers changed state.
 */
export async function recordBounces(
  db: Executor,
  bounces: Bounce[],
  policy: BouncePolicy,
): Promise<{ recorded: number; bounced: number; inserted: InsertedBounce[] }> {
  if (bounces.length === 0) return { recorded: 0, bounced: 0, inserted: [] };
  const rows = bounces.map((b) => ({
    delivery: b.deliveryId,
    email: b.email,
    hard: b.hard,
    key: b.eventKey ?? null,
  }));
  // Keys in one order, so that concurrent batches wait on each other's keys, never deadlock.
  const inserted = await queryRows<InsertedBounce & { list_id: number }>(
    db,
    sql`INSERT INTO stat_bounces (delivery_id, mailing_id, campaign, email, datetime, hard, event_key)
        SELECT d.id, m.id, m.campaign, b.email, now(), b.hard, b.key
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS b(delivery int, email text, hard boolean, key text)
          JOIN deliveries d ON d.id = b.delivery JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id
         ORDER BY b.key
        ON CONFLICT (event_key) DO NOTHING
        RETURNING (SELECT list_id FROM mailings WHERE id = mailing_id) AS list_id,
                  delivery_id, email, hard, event_key`,
  );
  const hard = inserted.filter((b) => b.hard);
  await suppressAddresses(
    db,
    hard.map((b) => ({
      email: b.email,
      reason: 'hard_bounce',
      source: `hard bounce (delivery ${b.delivery_id})`,
    })),
  );
  // Who is now bounced, by list: every hard bounce, and soft ones past the limit.
  const byList = new Map<number, Set<string>>();
  const add = (list: number, email: string) =>
    byList.set(list, (byList.get(list) ?? new Set()).add(email.toLowerCase()));
  for (const b of hard) add(b.list_id, b.email);
  for (const b of inserted.filter((s) => !s.hard)) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM stat_bounces s JOIN mailings m ON m.id = s.mailing_id
           WHERE m.list_id = ${b.list_id} AND lower(s.email) = lower(${b.email})
             AND NOT s.hard
             AND s.datetime > now() - ${policy.softBounceDays} * interval '1 day'`,
    );
    if (Number(row?.n ?? 0) >= policy.softBounceLimit) add(b.list_id, b.email);
  }
  let bounced = 0;
  for (const [list, emails] of byList) {
    const changed = await changeSubscription(
      db,
      { listIds: [list], emails: [...emails] },
      'bounced',
      'bounce',
      { onlyFrom: ['active', 'pending'] },
    );
    bounced += changed.length;
  }
  return { recorded: inserted.length, bounced, inserted };
}
