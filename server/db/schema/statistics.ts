import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { deliveries } from './mailings.js';

/**
 * Statistic records belong to a delivery. `mailing_id` and `campaign` are copied from the
 * delivery's mailing when a record is written (mailings are immutable here), so the
 * `mailing` and `campaign` filters hit an index instead of joining 10,000,000 rows.
 */
const recordColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deliveryId: integer('delivery_id')
    .notNull()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  mailingId: integer('mailing_id').notNull(),
  campaign: integer('campaign'),
  email: text('email').notNull(),
  datetime: timestamptz('datetime').notNull(),
  /**
   * Whether this is the earliest record (by datetime, then id) of its delivery and email (and
   * url for clicks): what `unique=true` keeps. Kept by statement-level triggers on insert
   * (migrations 0002, 0010), so unique filters cost no more than plain ones. Records are immutable.
   */
  first: boolean('first').notNull().default(true),
});

export const opens = pgTable('stat_opens', recordColumns(), (t) => [
  index('stat_opens_mailing_dt').on(t.mailingId, t.datetime),
  index('stat_opens_campaign_dt').on(t.campaign, t.datetime),
  index('stat_opens_dt').on(t.datetime),
  index('stat_opens_delivery_email').on(t.deliveryId, t.email, t.datetime),
  // The triggers' candidates (migration 0010): constant-time however many repeats pile up.
  index('stat_opens_first')
    .on(t.deliveryId, t.email)
    .where(sql`${t.first}`),
]);

export const clicks = pgTable(
  'stat_clicks',
  { ...recordColumns(), url: text('url').notNull() },
  (t) => [
    index('stat_clicks_mailing_dt').on(t.mailingId, t.datetime),
    index('stat_clicks_campaign_dt').on(t.campaign, t.datetime),
    index('stat_clicks_dt').on(t.datetime),
    index('stat_clicks_delivery_email_url').on(t.deliveryId, t.email, t.url, t.datetime),
    index('stat_clicks_url').on(t.url),
    index('stat_clicks_first')
      .on(t.deliveryId, t.email, t.url)
      .where(sql`${t.first}`),
  ],
);

export const bounces = pgTable(
  'stat_bounces',
  {
    ...recordColumns(),
    hard: boolean('hard').notNull(),
    /** What makes a webhook report the same event (migration 0014); null: not deduplicated. */
    eventKey: text('event_key'),
  },
  (t) => [
    uniqueIndex('stat_bounces_event_key').on(t.eventKey),
    index('stat_bounces_mailing_dt').on(t.mailingId, t.datetime),
    index('stat_bounces_campaign_dt').on(t.campaign, t.datetime),
    index('stat_bounces_dt').on(t.datetime),
    index('stat_bounces_delivery_email').on(t.deliveryId, t.email, t.datetime),
  ],
);

/**
 * Spam complaints (issue 52, migration 0034): one per delivery and lower-cased address, so
 * a repeated report counts once; `first` is therefore always true.
 */
export const complaints = pgTable(
  'stat_complaints',
  {
    ...recordColumns(),
    /** ARF Feedback-Type (`abuse`, `fraud`, …) or the provider's complaint type. */
    feedbackType: text('feedback_type').notNull(),
    /** Where the report came from: `arf` or a provider (`ses`, `sendgrid`, …). */
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('stat_complaints_delivery_email').on(t.deliveryId, sql`lower(${t.email})`),
    index('stat_complaints_mailing_dt').on(t.mailingId, t.datetime),
    index('stat_complaints_campaign_dt').on(t.campaign, t.datetime),
    index('stat_complaints_dt').on(t.datetime),
  ],
);
