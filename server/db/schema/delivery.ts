import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  doublePrecision,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { deliveries, mailings } from './mailings.js';
import { subscribers } from './subscribers.js';

/** `sending` is internal (claimed, in flight); the API shows it as `queued`. */
export const recipientLogStates = [
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
  'skipped',
  'suppressed',
] as const;

/**
 * The per-recipient send log of a delivery, written when it starts: the job rows workers
 * claim with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), migration 0007.
 */
export const deliveryRecipients = pgTable(
  'delivery_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references(() => subscribers.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    state: text('state', { enum: recipientLogStates }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDatetime: timestamptz('next_attempt_datetime').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    /** The claim a worker holds (migration 0013); results are written only under it. */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error').notNull().default(''),
    messageId: text('message_id').notNull().default(''),
    smtpResponse: text('smtp_response').notNull().default(''),
    sentDatetime: timestamptz('sent_datetime'),
    duplicate: boolean('duplicate').notNull().default(false),
  },
  (t) => [
    uniqueIndex('delivery_recipients_delivery_email').on(t.deliveryId, sql`lower(${t.email})`),
    index('delivery_recipients_state').on(t.deliveryId, t.state, t.id),
    index('delivery_recipients_subscriber').on(t.subscriberId),
    index('delivery_recipients_email').on(sql`lower(${t.email})`),
    index('delivery_recipients_message_id')
      .on(t.messageId)
      .where(sql`${t.messageId} <> ''`),
  ],
);

/** What an outbox message is; `system` (mail to a user) is shown only redacted (issue 49). */
export const OUTBOX_KINDS = ['delivery', 'test', 'system'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** The embedded outbox (no SMTP_URL): the newest messages, capped. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    sender: text('sender').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
    // Migration 0028; a writer that does not say is taken for system mail (hidden).
    kind: text('kind').$type<OutboxKind>().notNull().default('system'),
  },
  (t) => [check('outbox_messages_kind', sql`${t.kind} IN ('delivery', 'test', 'system')`)],
);

/** Secrets the service generates once and every replica shares (the tracking HMAC key). */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Pending subscribers of double-opt-in lists who were sent their confirmation message. */
export const optinConfirmations = pgTable(
  'optin_confirmations',
  {
    subscriberId: integer('subscriber_id')
      .primaryKey()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    sentDatetime: timestamptz('sent_datetime').notNull().defaultNow(),
    /** A queue with retries like recipients (migration 0013): queued → sending → sent | failed. */
    state: text('state').notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDatetime: timestamptz('next_attempt_datetime').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error').notNull().default(''),
    messageId: text('message_id').notNull().default(''),
    /** Pending subscribers of other lists this confirmation also confirms (a form, 0042). */
    alsoSubscribers: integer('also_subscribers')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The sign-up form that asked for it (0042; no foreign key here: schema files stay apart). */
    formId: integer('form_id'),
  },
  (t) => [
    index('optin_confirmations_due')
      .on(t.nextAttemptDatetime)
      .where(sql`${t.state} IN ('queued', 'sending')`),
  ],
);

/** Recipients per delivery and state, kept by triggers on delivery_recipients (0013). */
export const deliveryCounts = pgTable(
  'delivery_counts',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.state] })],
);

/** SMTP_RATE's token bucket per relay, shared by every replica (0013). */
export const sendRate = pgTable('send_rate', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  granted: integer('granted').notNull().default(0),
  at: timestamptz('at').notNull().defaultNow(),
});
