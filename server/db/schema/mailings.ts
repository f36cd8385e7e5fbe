import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { deliveryStatuses } from '../../../contract/deliveries.js';
import { audit, timestamptz } from './columns.js';
import { lists } from './lists.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const mailings = pgTable(
  'mailings',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    ...audit(),
    name: text('name').notNull(),
    campaign: integer('campaign'),
    segments: integer('segments')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    uniqueIndex('mailings_name').on(t.name),
    index('mailings_list_id').on(t.listId, t.id),
    index('mailings_campaign').on(t.campaign),
    // Which mailings use a segment (migration 0006).
    index('mailings_segments').using('gin', t.segments),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    replytoEmail: text('replyto_email').notNull().default(''),
    subject: text('subject').notNull(),
  },
  (t) => [index('variants_mailing').on(t.mailingId, t.position)],
);

export const layouts = pgTable('layouts', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id')
    .notNull()
    .unique()
    .references(() => variants.id, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  /** index.html with image references rewritten to /media/layouts/{id}/…, or the text. */
  source: text('source').notNull(),
  /** The zip's mailboard.json: the block document of a layout made in the dashboard. */
  document: text('document'),
});

/** Saved layouts to start mailings from (extension): global, or one list's. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    zip: bytea('zip'),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
    createUser: integer('create_user'),
  },
  (t) => [index('templates_list').on(t.listId, t.id)],
);

/** Images of a zipped layout, served publicly at /media/layouts/{layout_id}/{path}. */
export const layoutFiles = pgTable(
  'layout_files',
  {
    layoutId: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.layoutId, t.path] })],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    scheduledDatetime: timestamptz('scheduled_datetime').notNull(),
    /** scheduled → running ⇄ paused → done; or cancelled; or missed (migration 0007). */
    status: text('status', { enum: deliveryStatuses }).notNull().default('scheduled'),
    exclusions: jsonb('exclusions').$type<unknown[]>().notNull().default([]),
    limit: integer('limit'),
    startedDatetime: timestamptz('started_datetime'),
    finishedDatetime: timestamptz('finished_datetime'),
    /** Why the service paused it (a server fault: the relay's answer); '' otherwise (0013). */
    pauseReason: text('pause_reason').notNull().default(''),
    /** Which rate the brake paused it for (0037): complaints, hard_bounces, or '' (issue 52). */
    pauseRate: text('pause_rate', { enum: ['', 'complaints', 'hard_bounces'] })
      .notNull()
      .default(''),
    /** Resumed by a person after the brake paused it: the brake leaves it alone (0037). */
    brakeOff: boolean('brake_off').notNull().default(false),
    /** Its audience is still being written, in chunks after `audience_after` (0013). */
    populating: boolean('populating').notNull().default(false),
    audienceAfter: integer('audience_after').notNull().default(0),
    /** A send step's delivery (migration 0021): running while its automation is active. */
    automationId: integer('automation_id'),
    automationStep: integer('automation_step'),
    automationEntry: integer('automation_entry'),
  },
  (t) => [
    index('deliveries_variant').on(t.variantId),
    index('deliveries_due').on(t.status, t.scheduledDatetime),
  ],
);

/** Images of layouts sent as a test before their mailing exists, by content hash (extension). */
export const testMedia = pgTable(
  'test_media',
  {
    hash: text('hash').primaryKey(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    usedDatetime: timestamptz('used_datetime').notNull().defaultNow(),
  },
  (t) => [index('test_media_used').on(t.usedDatetime)],
);
