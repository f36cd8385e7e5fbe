import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Addresses that asked for a preference-centre link in the last hour (migration 0049), by
 * the sha256 of the lower-cased address: at most one link mail per address per hour, counted
 * here so every replica shares the budget.
 */
export const preferenceLinkRequests = pgTable(
  'preference_link_requests',
  {
    addressHash: text('address_hash').primaryKey(),
    sentDatetime: timestamptz('sent_datetime').notNull().defaultNow(),
  },
  (t) => [index('preference_link_requests_sent').on(t.sentDatetime)],
);
