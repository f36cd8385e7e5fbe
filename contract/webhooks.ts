import { z } from 'zod';
import { storableText } from './fields.js';
import { importRecord } from './imports.js';
import { subscriber } from './subscribers.js';

/**
 * Outgoing webhooks (extension, issue 32, docs/architecture.md "Outgoing webhooks").
 * `automation.run_finished`: a subscriber's automation run finished or was ended (issue 31).
 */
export const webhookEventTypes = [
  'subscriber.created',
  'subscriber.activated',
  'subscriber.unsubscribed',
  'subscriber.bounced',
  'subscriber.deleted',
  'import.finished',
  'delivery.started',
  'delivery.finished',
  'message.opened',
  'message.clicked',
  'message.bounced',
  'message.complained',
  'automation.run_finished',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What "Send test event" sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a valid URL (http or https).');

/**
 * The lists whose events an endpoint receives; null (the default): every list. A user limited
 * to some lists must name lists, all of its own (issue 49).
 */
const endpointLists = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'Choose at least one list.')
  .max(1000)
  .nullable();

export const webhookWrite = z.strictObject({
  url,
  events: z.array(z.enum(webhookEventTypes)).min(1, 'Choose at least one event.'),
  description: storableText().max(500).optional(),
  enabled: z.boolean().optional(),
  lists: endpointLists.optional(),
});
export type WebhookWrite = z.infer<typeof webhookWrite>;

export const webhook = z.looseObject({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the service disabled it (failing for 24 hours), else "". */
  disabled_reason: z.string(),
  create_datetime: z.string(),
  /** The lists whose events it receives; null: every list. */
  lists: z.array(z.number().int()).nullable(),
  /** Only in the answers to POST and rotate-secret: shown once. */
  secret: z.string().optional(),
});
export type Webhook = z.infer<typeof webhook>;

export const webhookAttempt = z.looseObject({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string(),
  /** The first 1 KB of the answer. */
  response: z.string(),
  duration_ms: z.number().int(),
  datetime: z.string(),
  /** The JSON body that was sent. */
  payload: z.unknown(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

const timestamp = z.string().describe('ISO 8601 UTC');
const messageRecord = z.object({
  mailing: z.number().int(),
  delivery: z.number().int(),
  email: z.string(),
  datetime: timestamp,
});
const delivery = z.object({
  id: z.number().int(),
  mailing: z.number().int(),
  variant: z.number().int(),
  scheduled_datetime: timestamp,
  status: z.string(),
  limit: z.number().int().nullable(),
  started_datetime: timestamp.nullable(),
  finished_datetime: timestamp.nullable(),
});
const listSubscriber = subscriber.extend({ list: z.number().int() });

/**
 * Each event's `data`: the resource as the API shows it (a subscriber and an import with
 * their `list`; a statistics record with its `delivery`). The API reference shows these.
 */
export const webhookEventData: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType> = {
  'subscriber.created': listSubscriber,
  'subscriber.activated': listSubscriber,
  'subscriber.unsubscribed': listSubscriber,
  'subscriber.bounced': listSubscriber,
  'subscriber.deleted': listSubscriber,
  'import.finished': importRecord.extend({ list: z.number().int() }),
  'delivery.started': delivery,
  'delivery.finished': delivery,
  'message.opened': messageRecord,
  'message.clicked': messageRecord.extend({ url: z.string() }),
  'message.bounced': messageRecord.extend({ hard: z.boolean() }),
  /** A spam complaint (issue 52): the ARF Feedback-Type or the provider's, and the source. */
  'message.complained': messageRecord.extend({ feedback_type: z.string(), source: z.string() }),
  'automation.run_finished': z.object({
    id: z.number().int(),
    automation: z.number().int(),
    list: z.number().int(),
    subscriber: z.number().int().nullable(),
    email: z.string(),
    state: z.enum(['finished', 'exited']),
    exit_reason: z.string(),
    start_datetime: timestamp,
    end_datetime: timestamp,
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ webhook: z.number().int(), message: z.string() }),
};
