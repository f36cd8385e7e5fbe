import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { lists } from './lists.js';
import { automations } from './automations.js';
import { mailings } from './mailings.js';

/**
 * How each list's audience moved per day (UTC), kept by a statement trigger on
 * subscriber_history inserts (migration 0047, server/features/overview/sql/), so the home and
 * the growth chart never count subscribers or history rows.
 */
export const listGrowthDays = pgTable(
  'list_growth_days',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subscribed: bigint('subscribed', { mode: 'number' }).notNull().default(0),
    confirmed: bigint('confirmed', { mode: 'number' }).notNull().default(0),
    unsubscribed: bigint('unsubscribed', { mode: 'number' }).notNull().default(0),
    bounced: bigint('bounced', { mode: 'number' }).notNull().default(0),
    complained: bigint('complained', { mode: 'number' }).notNull().default(0),
    deleted: bigint('deleted', { mode: 'number' }).notNull().default(0),
    /** Net change of active subscribers that day. */
    activeChange: bigint('active_change', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listId, t.day] })],
);

/**
 * Opens, clicks, bounces and complaints per mailing, kept by triggers on the statistics tables
 * (0048; human counts and complaints since 0052).
 */
export const mailingStatCounts = pgTable('mailing_stat_counts', {
  mailingId: integer('mailing_id')
    .primaryKey()
    .references(() => mailings.id, { onDelete: 'cascade' }),
  opens: bigint('opens', { mode: 'number' }).notNull().default(0),
  /** Distinct addresses per delivery that opened. */
  opened: bigint('opened', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  clicked: bigint('clicked', { mode: 'number' }).notNull().default(0),
  bounces: bigint('bounces', { mode: 'number' }).notNull().default(0),
  /** Records of class 'human' (issue 51), and the distinct addresses per delivery with one. */
  humanOpens: bigint('human_opens', { mode: 'number' }).notNull().default(0),
  humanOpened: bigint('human_opened', { mode: 'number' }).notNull().default(0),
  humanClicks: bigint('human_clicks', { mode: 'number' }).notNull().default(0),
  humanClicked: bigint('human_clicked', { mode: 'number' }).notNull().default(0),
  complaints: bigint('complaints', { mode: 'number' }).notNull().default(0),
});

/** Active runs per automation, kept by a trigger on automation_runs (0053). */
export const automationWaitingCounts = pgTable('automation_waiting_counts', {
  automationId: integer('automation_id')
    .primaryKey()
    .references(() => automations.id, { onDelete: 'cascade' }),
  waiting: bigint('waiting', { mode: 'number' }).notNull().default(0),
});
