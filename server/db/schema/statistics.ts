import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  cidr,
  index,
  integer,
  pgTable,
  serial,
  smallint,
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

/** Each user agent once; hits name it by id (migration 0045, issue 51). */
export const trackingUserAgents = pgTable('tracking_user_agents', {
  id: serial('id').primaryKey(),
  agent: text('agent').notNull().unique(),
});

/**
 * What an open or click tells and who made it (migration 0045, issue 51;
 * server/features/sending/links/classify/). `reasons` is a bitmask (classify/reasons.ts).
 */
const hitColumns = () => ({
  class: text('class', { enum: ['human', 'apple_proxy', 'scanner', 'prefetch'] })
    .notNull()
    .default('human'),
  reasons: integer('reasons').notNull().default(0),
  /** Seconds since the message was sent; null when unknown. */
  seconds: integer('seconds'),
  head: boolean('head').notNull().default(false),
  agentId: integer('agent_id'),
  /** The client's address block (/24 IPv4, /48 IPv6). */
  clientBlock: cidr('client_block'),
  /** The earliest human record of its key when a machine's came first (so it is not `first`). */
  firstHuman: boolean('first_human').notNull().default(false),
});

export const opens = pgTable('stat_opens', { ...recordColumns(), ...hitColumns() }, (t) => [
  index('stat_opens_mailing_dt').on(t.mailingId, t.datetime),
  index('stat_opens_campaign_dt').on(t.campaign, t.datetime),
  index('stat_opens_dt').on(t.datetime),
  index('stat_opens_delivery_email').on(t.deliveryId, t.email, t.datetime),
  // The triggers' candidates (migration 0010): constant-time however many repeats pile up.
  index('stat_opens_first')
    .on(t.deliveryId, t.email)
    .where(sql`${t.first}`),
  index('stat_opens_first_human')
    .on(t.deliveryId, t.email)
    .where(sql`${t.firstHuman}`),
  // A key's earliest human record in one probe, however many machine records (migration 0065).
  index('stat_opens_human')
    .on(t.deliveryId, t.email, t.datetime, t.id)
    .where(sql`${t.class} = 'human'`),
]);

export const clicks = pgTable(
  'stat_clicks',
  {
    ...recordColumns(),
    ...hitColumns(),
    url: text('url').notNull(),
    /** Which HTML link to the URL (issue 51's click map); 1 for clicks from before. */
    position: smallint('position').notNull().default(1),
  },
  (t) => [
    index('stat_clicks_mailing_dt').on(t.mailingId, t.datetime),
    index('stat_clicks_campaign_dt').on(t.campaign, t.datetime),
    index('stat_clicks_dt').on(t.datetime),
    index('stat_clicks_delivery_email_url').on(t.deliveryId, t.email, t.url, t.datetime),
    index('stat_clicks_url').on(t.url),
    index('stat_clicks_first')
      .on(t.deliveryId, t.email, t.url)
      .where(sql`${t.first}`),
    index('stat_clicks_first_human')
      .on(t.deliveryId, t.email, t.url)
      .where(sql`${t.firstHuman}`),
    index('stat_clicks_human')
      .on(t.deliveryId, t.email, t.url, t.datetime, t.id)
      .where(sql`${t.class} = 'human'`),
    index('stat_clicks_delivery_client')
      .on(t.deliveryId, t.email, t.clientBlock, t.datetime)
      .where(sql`${t.clientBlock} IS NOT NULL`),
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
