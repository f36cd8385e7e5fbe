import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { subscriptionStates } from '../../../contract/lists.js';
import { auditCheckedByTriggers, timestamptz } from './columns.js';
import { lists } from './lists.js';

export { subscriptionStates };

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    // The list and users are checked per statement by triggers (migration 0012), not by
    // foreign keys: deleting a list still deletes its subscribers, a user's id is cleared.
    listId: integer('list_id').notNull(),
    ...auditCheckedByTriggers(),
    subscription: text('subscription', { enum: subscriptionStates }).notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    language: text('language').notNull().default(''),
    region: text('region').notNull().default(''),
    /** Values of custom fields (shared and list fields), keyed by field name. */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    /** Mail paused by the subscriber until then (preference centre, migration 0049). */
    pausedUntil: timestamptz('paused_until'),
    /** What `search` matches (migration 0009): address and names, folded (mailboard_fold). */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`mailboard_fold(${subscribers.email} || ' ' || ${subscribers.firstName} || ' ' || ${subscribers.lastName})`,
    ),
  },
  (t) => [
    // Email is unique per list, case-insensitively (docs/decisions/api-choices.md); concurrent creates race here.
    // Migration 0004 adds INCLUDE (email, subscription, id), which Drizzle cannot declare, so
    // a page in email order is found by an index-only scan.
    uniqueIndex('subscribers_list_email_lower').on(t.listId, sql`lower(${t.email})`),
    // Default ordering (id) within a list; the state lets "not deleted" skip the heap.
    index('subscribers_list_id').on(t.listId, t.id, t.subscription),
    index('subscribers_list_state_id').on(t.listId, t.subscription, t.id),
    // Partial search (0005, on the stored column since 0009): trigrams of the folded text.
    index('subscribers_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Segment counts (migration 0006, which also INCLUDEs `custom` for index-only scans).
    index('subscribers_list_state_language').on(t.listId, t.subscription, t.language),
    // A state filter in email order (migration 0004 adds INCLUDE (email, id)).
    index('subscribers_list_state_email').on(t.listId, t.subscription, sql`lower(${t.email})`),
    // The paused filter (0049): few rows are paused.
    index('subscribers_paused')
      .on(t.listId, t.id)
      .where(sql`${t.pausedUntil} IS NOT NULL`),
  ],
);

/**
 * A list's rows in id order and in email order cut into blocks of a few thousand rows
 * (migration 0011), each named by its last row's key (`id_key` or `email_key`, lower(email))
 * with how many of its rows are in each state: a page reached by its number starts from the
 * block holding it. Triggers keep the counts exact; features/subscribers/page-blocks.ts cuts.
 */
export const subscriberPageBlocks = pgTable(
  'subscriber_page_blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    idKey: integer('id_key'),
    emailKey: text('email_key'),
    active: integer('active').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subscriber_page_blocks_id_key').on(t.listId, t.idKey),
    uniqueIndex('subscriber_page_blocks_email_key').on(t.listId, t.emailKey),
    check('subscriber_page_blocks_one_key', sql`(${t.idKey} IS NULL) <> (${t.emailKey} IS NULL)`),
  ],
);
