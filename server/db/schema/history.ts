import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { subscriberChangeVias } from '../../../contract/subscribers.js';
import { timestamptz } from './columns.js';

const int4multirange = customType<{ data: string }>({ dataType: () => 'int4multirange' });

/**
 * Every change to a subscriber, written by triggers (0005) from the actor a write path sets
 * with `withActor`, or inside its one statement with `actorUserId` (server/lib/actor.ts).
 * One row per created subscriber, field change or state change; a creation of many rows in
 * one statement (an import batch) is one row whose `created_ids` holds their ids.
 */
export const subscriberHistory = pgTable(
  'subscriber_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys: statement triggers delete the rows with their list or subscriber
    // (migration 0058, subscriber_history_on_delete.sql).
    listId: integer('list_id').notNull(),
    subscriberId: integer('subscriber_id'),
    createdIds: int4multirange('created_ids'),
    at: timestamptz('at').notNull().defaultNow(),
    userId: integer('user_id'),
    via: text('via', { enum: ['form', 'api', 'import', ...subscriberChangeVias] }),
    importId: integer('import_id'),
    file: text('file'),
    kind: text('kind', { enum: ['created', 'changed', 'state', 'message'] }).notNull(),
    field: text('field'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
  },
  (t) => [
    index('subscriber_history_subscriber').on(t.subscriberId, t.id),
    index('subscriber_history_batches')
      .on(t.listId)
      .where(sql`${t.subscriberId} IS NULL`),
    // Migration 0047: the people behind a day's unsubscribes (the growth chart).
    index('subscriber_history_unsubscribes')
      .on(t.listId, t.at)
      .where(sql`${t.kind} = 'state' AND ${t.newValue} = '"unsubscribed"'::jsonb`),
  ],
);
