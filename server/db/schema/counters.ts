import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: how many messages the outbox holds, kept by statement triggers on
 * outbox_messages (migration 0019), so the Outbox's unfiltered page counts nothing.
 */
export const outboxMessageCount = pgTable(
  'outbox_message_count',
  {
    onlyRow: boolean('only_row').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Of those, system mail (migration 0028): the Outbox of a user who may not see it. */
    systemN: bigint('system_n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('outbox_message_count_one_row', sql`${t.onlyRow}`)],
);
