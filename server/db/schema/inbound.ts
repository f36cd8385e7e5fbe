import { index, primaryKey, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Mailgun signature tokens already accepted, within the replay window (migration 0035). */
export const providerWebhookTokens = pgTable(
  'provider_webhook_tokens',
  {
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    seen: timestamptz('seen').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.token] }),
    index('provider_webhook_tokens_seen').on(t.provider, t.seen),
  ],
);

/** A worker that runs on one replica at a time holds its lease here (migration 0035). */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expires: timestamptz('expires').notNull(),
});
