import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { SubscriberChangeVia } from '../../../contract/subscribers.js';
import { withActor } from '../../lib/actor.js';
import { queryRows } from '../../db/query-rows.js';
import type { RawRow } from '../../db/raw-row.js';
import type { subscribers } from '../../db/schema/index.js';

/** Why a subscriber's state changed here (shown in the subscriber's history). */
export type StateChangeVia = SubscriberChangeVia;

/**
 * Every subscription change sending makes goes through here (unsubscribe links, opt-in
 * confirmation, bounces), in a transaction whose actor names how, so the subscriber's
 * history records it (no user: the recipient or a bounce report did it). Returns the ids
 * that actually changed.
 */
export async function changeSubscription(
  db: Executor,
  where:
    | { ids: number[] }
    | { listIds: number[] | 'all'; email: string }
    | { listIds: number[]; emails: string[] },
  to: 'active' | 'unsubscribed' | 'bounced',
  via: StateChangeVia,
  options: { onlyFrom?: string[] } = {},
): Promise<number[]> {
  const target =
    'ids' in where
      ? sql`id = ANY(${`{${where.ids.join(',')}}`}::int[])`
      : 'emails' in where
        ? // An array, not IN (subquery): the planner then looks each address up in the
          // (list_id, lower(email)) index; a semi-join estimated 100 addresses scanned the list.
          sql`lower(email) = ANY(ARRAY(SELECT lower(value) FROM jsonb_array_elements_text(${JSON.stringify(where.emails)}::jsonb)))
              AND list_id = ANY(${`{${where.listIds.join(',')}}`}::int[])`
        : where.listIds === 'all'
          ? // Every list named, so the (list_id, lower(email)) index serves (no index on the address alone).
            sql`list_id = ANY(ARRAY(SELECT id FROM lists)) AND lower(email) = lower(${where.email})`
          : sql`lower(email) = lower(${where.email})
              AND list_id = ANY(${`{${where.listIds.join(',')}}`}::int[])`;
  const from = options.onlyFrom
    ? sql`AND subscription = ANY(${`{${options.onlyFrom.join(',')}}`}::text[])`
    : sql`AND subscription <> 'deleted'`;
  return db.transaction(async (tx) => {
    await withActor(tx, { userId: null, via });
    const rows = await queryRows<Pick<RawRow<typeof subscribers>, 'id'>>(
      tx,
      sql`UPDATE subscribers SET subscription = ${to}, update_datetime = now()
           WHERE ${target} AND subscription <> ${to} ${from} RETURNING id`,
    );
    return rows.map((r) => r.id);
  });
}
