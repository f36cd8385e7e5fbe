import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../imports/repository.js';

/** Why a subscriber's state changed here (for the subscriber's history). */
export type StateChangeVia = 'unsubscribe-link' | 'opt-in-link' | 'bounce';

/**
 * Every subscription change sending makes goes through here (unsubscribe links, opt-in
 * confirmation, bounces), so the history feature can record who and how in one place.
 * Returns the ids that actually changed.
 */
export async function changeSubscription(
  db: Executor,
  where: { ids: number[] } | { listIds: number[] | 'all'; email: string },
  to: 'active' | 'unsubscribed' | 'bounced',
  via: StateChangeVia,
  options: { onlyFrom?: string[] } = {},
): Promise<number[]> {
  void via; // recorded by the subscriber history (issue 15) once merged
  const target =
    'ids' in where
      ? sql`id = ANY(${`{${where.ids.join(',')}}`}::int[])`
      : where.listIds === 'all'
        ? sql`lower(email) = lower(${where.email})`
        : sql`lower(email) = lower(${where.email})
              AND list_id = ANY(${`{${where.listIds.join(',')}}`}::int[])`;
  const from = options.onlyFrom
    ? sql`AND subscription = ANY(${`{${options.onlyFrom.join(',')}}`}::text[])`
    : sql`AND subscription <> 'deleted'`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE subscribers SET subscription = ${to}, update_datetime = now()
         WHERE ${target} AND subscription <> ${to} ${from} RETURNING id`,
  );
  return rows.map((r) => r.id);
}
