import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Outgoing webhook endpoints (migration 0018, docs/architecture.md "Outgoing webhooks"). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  secret: text('secret').notNull(),
  /** After a rotation the old secret still signs (a second signature) until `previousSecretUntil`. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamptz('previous_secret_until'),
  failingSince: timestamptz('failing_since'),
  disabledReason: text('disabled_reason').notNull().default(''),
  createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  /** The lists whose events it receives; null: every list (migration 0030). */
  lists: integer('lists').array(),
});

/** The outbox: written by triggers in the transaction of the change (migration 0018). */
export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: text('event_id')
    .notNull()
    .default(sql`'evt_' || replace(gen_random_uuid()::text, '-', '')`),
  type: text('type').notNull(),
  resource: text('resource').notNull(),
  data: jsonb('data').notNull(),
  createDatetime: timestamptz('create_datetime')
    .notNull()
    .default(sql`clock_timestamp()`),
  /** The list the event is about, set from `data` by a trigger (migration 0030); null for tests. */
  listId: integer('list_id'),
});

/** One per endpoint and event: the job rows the worker claims (FOR UPDATE SKIP LOCKED, a lease). */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDatetime: timestamptz('next_attempt_datetime').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_messages_due')
      .on(t.nextAttemptDatetime)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_messages_order')
      .on(t.endpointId, t.resource, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_messages_event').on(t.eventId),
  ],
);

/** Every try to send a message: what the Webhooks screen lists. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error').notNull().default(''),
    response: text('response').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    createDatetime: timestamptz('create_datetime').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_attempts_endpoint').on(t.endpointId, t.id),
    index('webhook_attempts_message').on(t.messageId),
  ],
);
