import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { withActor } from '../../lib/actor.js';

/** One of the address's subscriptions at the sender, as the page shows it. */
export type Subscription = {
  email: string;
  id: number;
  list_id: number;
  list_name: string;
  subscription: string;
  languages: string[];
  first_name: string;
  last_name: string;
  language: string;
  custom: Record<string, unknown>;
  paused_until: string | null;
};

/** A custom field the page asks: text and choice fields of the address's lists. */
export type AskedField = {
  name: string;
  label: string;
  type: 'string' | 'choice';
  required: boolean;
  max_length: number | null;
  choices: { value: string; display_name: string }[] | null;
  /** null: shared by every list; else the one list that has it. */
  list_id: number | null;
};

/** States the page can switch on and off; a bounced address is shown, not switched. */
export const SWITCHABLE = ['active', 'pending', 'unsubscribed'];

/**
 * The subscriber the token names, and every subscription of their address (any case) to
 * lists of the same sender: lists whose default From address is the same, case-insensitively
 * (docs/decisions/preference-centre.md). Deleted subscriptions are not shown.
 */
export async function subscriptionsOf(db: Executor, subscriberId: number) {
  return queryRows<Subscription>(
    db,
    sql`SELECT s.id, s.list_id, l.name AS list_name, s.subscription, l.languages, s.email,
               s.first_name, s.last_name, s.language, s.custom, s.paused_until::text
          FROM subscribers me JOIN lists ml ON ml.id = me.list_id
          JOIN lists l ON lower(l.default_from_email) = lower(ml.default_from_email)
          JOIN subscribers s ON s.list_id = l.id AND lower(s.email) = lower(me.email)
         WHERE me.id = ${subscriberId} AND me.subscription <> 'deleted'
           AND s.subscription <> 'deleted'
         ORDER BY s.id = ${subscriberId} DESC, l.name, s.id`,
  );
}

/**
 * The sender's lists that a sign-up form offers (the forms feature's `forms.lists`) and the
 * address is not on in any state (a deleted subscription stays deleted): shown as switches
 * that are off, and subscribed to when switched on.
 */
export async function offeredLists(db: Executor, subscriberId: number) {
  return queryRows<{ id: number; name: string; languages: string[] }>(
    db,
    sql`SELECT l.id, l.name, l.languages
          FROM subscribers me JOIN lists ml ON ml.id = me.list_id
          JOIN lists l ON lower(l.default_from_email) = lower(ml.default_from_email)
         WHERE me.id = ${subscriberId}
           AND EXISTS (SELECT 1 FROM forms f WHERE l.id = ANY(f.lists))
           AND NOT EXISTS (SELECT 1 FROM subscribers s
                            WHERE s.list_id = l.id AND lower(s.email) = lower(me.email))
         ORDER BY l.name, l.id`,
  );
}

/** The custom fields of type text or choice that any of the lists have (shared ones first). */
export async function askedFields(db: Executor, listIds: number[]) {
  return queryRows<AskedField>(
    db,
    sql`SELECT name, label, type, required, max_length, choices, list_id FROM custom_fields
         WHERE type IN ('string', 'choice')
           AND (list_id IS NULL OR list_id = ANY(${`{${listIds.join(',')}}`}::int[]))
         ORDER BY list_id NULLS FIRST, id`,
  );
}

export type PreferenceChoice = {
  /** Ids of the shown subscriptions to keep or make active; the other switchable ones end. */
  on: Set<number>;
  /** Offered lists (by id) to subscribe to: active at once, the address being proven. */
  join: { id: number; languages: string[] }[];
  firstName: string;
  lastName: string;
  language: string;
  custom: Record<string, string>;
  /** Days to pause from now, 0 to resume, null to leave the pause as it is. */
  pauseDays: number | null;
};

/**
 * Saves the whole page in one transaction, named as the recipient's own act through the
 * preference centre in every row's history: each switch (on: active, off: unsubscribed),
 * names, language (where the list has it), the custom fields (where the list has them) and
 * the pause of every subscription of the address at the sender.
 */
export async function savePreferences(
  db: Db,
  shown: Subscription[],
  fields: AskedField[],
  choice: PreferenceChoice,
) {
  const until =
    choice.pauseDays === null
      ? sql`paused_until`
      : choice.pauseDays === 0
        ? sql`NULL::timestamptz`
        : sql`now() + ${choice.pauseDays} * interval '1 day'`;
  await db.transaction(async (tx) => {
    await withActor(tx, { userId: null, via: 'preference-centre' });
    for (const s of shown) {
      const custom: Record<string, string> = {};
      for (const f of fields) {
        if (f.list_id !== null && f.list_id !== s.list_id) continue;
        const value = choice.custom[f.name];
        if (value !== undefined && (value !== '' || s.custom[f.name] !== undefined))
          custom[f.name] = value;
      }
      const switchable = SWITCHABLE.includes(s.subscription);
      const state = !switchable ? s.subscription : choice.on.has(s.id) ? 'active' : 'unsubscribed';
      const keepPending = s.subscription === 'pending' && state === 'active';
      await tx.execute(sql`
        UPDATE subscribers
           SET subscription = ${keepPending ? s.subscription : state},
               first_name = ${choice.firstName}, last_name = ${choice.lastName},
               language = CASE WHEN ${choice.language} = ANY(${`{${s.languages.join(',')}}`}::text[])
                               THEN ${choice.language} ELSE language END,
               custom = custom || ${JSON.stringify(custom)}::jsonb,
               paused_until = ${until}, update_datetime = now()
         WHERE id = ${s.id}`);
    }
    // Whoever opens the link reads the address's mail: a form's list joins active, with the
    // names, language and pause just saved.
    const shownIds = `{${shown.map((s) => s.id).join(',')}}`;
    for (const list of choice.join) {
      const language = list.languages.includes(choice.language) ? choice.language : '';
      await tx.execute(sql`
        INSERT INTO subscribers (list_id, email, subscription, first_name, last_name, language,
                                 paused_until)
        SELECT ${list.id}, ${shown[0]!.email}, 'active', ${choice.firstName}, ${choice.lastName},
               ${language}, max(paused_until)
          FROM subscribers WHERE id = ANY(${shownIds}::int[])
        ON CONFLICT DO NOTHING`);
    }
  });
}

const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Takes the address's hourly link budget: true when no link was sent to it in the last hour
 * (then the next is an hour away). Counted in the database, so replicas share it; rows older
 * than an hour are dropped on the way.
 */
export async function takeLinkBudget(db: Executor, email: string): Promise<boolean> {
  await db.execute(
    sql`DELETE FROM preference_link_requests WHERE sent_datetime < now() - interval '1 hour'`,
  );
  const rows = await queryRows<{ address_hash: string }>(
    db,
    sql`INSERT INTO preference_link_requests (address_hash) VALUES (${addressHash(email)})
        ON CONFLICT DO NOTHING RETURNING address_hash`,
  );
  return rows.length > 0;
}

/**
 * Per sender, the subscription whose link a requested mail carries: an active one first.
 * Bounced and deleted ones get no mail.
 */
export async function linkRecipients(db: Executor, email: string) {
  return queryRows<{
    id: number;
    email: string;
    language: string;
    from_name: string;
    from_email: string;
  }>(
    db,
    sql`SELECT DISTINCT ON (lower(l.default_from_email))
               s.id, s.email, s.language, l.default_from_name AS from_name,
               l.default_from_email AS from_email
          FROM subscribers s JOIN lists l ON l.id = s.list_id
         WHERE lower(s.email) = lower(${email.trim()})
           AND s.subscription = ANY(${`{${SWITCHABLE.join(',')}}`}::text[])
         ORDER BY lower(l.default_from_email), s.subscription = 'active' DESC, s.id`,
  );
}
