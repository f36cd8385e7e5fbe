import { bigint, boolean, integer, pgSequence, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { audit } from './columns.js';

export const lists = pgTable('lists', {
  id: serial('id').primaryKey(),
  ...audit(),
  name: text('name').notNull(),
  defaultFromName: text('default_from_name').notNull(),
  defaultFromEmail: text('default_from_email').notNull(),
  defaultReplytoEmail: text('default_replyto_email').notNull().default(''),
  defaultLanguage: text('default_language').notNull().default('en'),
  languages: text('languages').array().notNull(),
  doubleOptIn: boolean('double_opt_in').notNull().default(false),
});

/**
 * Subscribers per state, one row per list, kept by triggers on `subscribers` in the same
 * transaction as every change (migration 0001), so counts never scan a million-row list.
 */
export const listSubscriberCounts = pgTable('list_subscriber_counts', {
  listId: integer('list_id')
    .primaryKey()
    .references(() => lists.id, { onDelete: 'cascade' }),
  active: bigint('active', { mode: 'number' }).notNull().default(0),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  bounced: bigint('bounced', { mode: 'number' }).notNull().default(0),
  unsubscribed: bigint('unsubscribed', { mode: 'number' }).notNull().default(0),
  deleted: bigint('deleted', { mode: 'number' }).notNull().default(0),
  /**
   * Set from {@link subscriberChangeVersions} by every statement changing the list's
   * subscribers (migration 0004): a value is never seen twice.
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const subscriberChangeVersions = pgSequence('subscriber_change_versions');
