import { z } from 'zod';
import { datetime, emailAddress } from './common.js';
import { variantWrite } from './mailings.js';

/**
 * Sending (extensions, docs/decisions/api-choices.md "Sending"). A delivery is one scheduled send of a
 * mailing's variant; its recipients are the list's active subscribers whose language that
 * variant serves (see the server's recipient selection).
 */
export const deliveryStatuses = [
  'scheduled',
  'running',
  'paused',
  'cancelled',
  'done',
  'missed',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * `skipped`: no longer subscribed (or deleted) when their turn came; `suppressed`: the address
 * was on the suppression list by then (issue 52); `last_error` says why.
 */
export const recipientStates = [
  'queued',
  'sent',
  'failed',
  'bounced',
  'skipped',
  'suppressed',
] as const;
export type RecipientState = (typeof recipientStates)[number];

export const deliveryActions = ['pause', 'resume', 'cancel', 'retry'] as const;
export type DeliveryAction = (typeof deliveryActions)[number];

export const deliveryProgress = z.looseObject({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  /** Absent from deployments that do not re-check the audience at each recipient's turn. */
  skipped: z.number().int().optional(),
  /** Absent from deployments without a suppression list (issue 52). */
  suppressed: z.number().int().optional(),
});
export type DeliveryProgress = z.infer<typeof deliveryProgress>;

/** GET /api/v1/deliveries/{id}, items of GET /api/v1/mailings/{id}/deliveries. */
export const deliveryStatus = z.looseObject({
  id: z.number().int(),
  mailing: z.number().int(),
  variant: z.number().int(),
  languages: z.array(z.string()),
  scheduled_datetime: datetime,
  status: z.enum(deliveryStatuses),
  progress: deliveryProgress,
  started_datetime: datetime.nullable(),
  finished_datetime: datetime.nullable(),
  /**
   * Why the service paused it by itself: the SMTP server's answer, or the brake's rate
   * (issue 52: complaints or hard bounces above their line); '' otherwise.
   */
  pause_reason: z.string().optional(),
  /** Which rate the brake paused it for (issue 52); null otherwise, absent elsewhere. */
  pause_rate: z.enum(['complaints', 'hard_bounces']).nullable().optional(),
});
export type DeliveryStatusRecord = z.infer<typeof deliveryStatus>;

/** Items of GET /api/v1/deliveries/{id}/recipients (the per-recipient send log). */
export const deliveryRecipient = z.looseObject({
  email: z.string(),
  subscriber: z.number().int().nullable(),
  state: z.enum(recipientStates),
  attempts: z.number().int(),
  last_error: z.string(),
  message_id: z.string(),
  smtp_response: z.string(),
  sent_datetime: datetime.nullable(),
  /** May have been sent twice: a crash hit while this message was in flight. */
  duplicate: z.boolean(),
});
export type DeliveryRecipient = z.infer<typeof deliveryRecipient>;

/** POST /api/v1/mailings/{id}/test */
export const testSendWrite = z.object({
  email: emailAddress,
  variant: z.number().int().positive().optional(),
});
export type TestSendWrite = z.infer<typeof testSendWrite>;

export const testSendResult = z.looseObject({ message_id: z.string() });

/**
 * POST /api/v1/lists/{list_id}/test-messages (extension): a variant as the composer holds it,
 * sent as a test before any mailing exists, rendered exactly as sending renders it.
 * `subscriber` (of the list) fills in the personalisation tags.
 */
export const testMessageWrite = z.object({
  email: emailAddress,
  subscriber: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  variant: variantWrite.omit({ deliveries: true }),
});
export type TestMessageWrite = z.infer<typeof testMessageWrite>;

/** Items of GET /api/v1/outbox (only without SMTP_URL: the embedded outbox). */
export const outboxItem = z.looseObject({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  mailing: z.number().int().nullable(),
  delivery: z.number().int().nullable(),
  /**
   * A delivery's message, a test, or the service's own mail to a user (invitations, resets,
   * notices): listed only for users who manage users (issue 49).
   */
  kind: z.enum(['delivery', 'test', 'system']),
  create_datetime: datetime,
});
export type OutboxItem = z.infer<typeof outboxItem>;

/**
 * GET /api/v1/outbox/{id}: the message as its recipient would see it, except system mail,
 * whose link tokens read `[redacted]` (`redacted: true`).
 */
export const outboxMessage = outboxItem.extend({
  from: z.string(),
  headers: z.record(z.string(), z.string()),
  html: z.string(),
  text: z.string(),
  redacted: z.boolean(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

const rateCounts = {
  /** Accepted by the mail server (a later bounce included). */
  sent: z.number().int(),
  complaints: z.number().int(),
  hard_bounces: z.number().int(),
};

/**
 * GET /api/v1/deliveries/{id}/rates (extension, issue 52): complaints and hard bounces against
 * what was sent, overall and by recipient domain (the 20 domains sent to most), and the lines
 * above which a running delivery pauses itself.
 */
export const deliveryRates = z.object({
  ...rateCounts,
  lines: z.object({
    complaint_rate: z.number(),
    bounce_rate: z.number(),
    /** The brake looks only once this many were sent. */
    min_sent: z.number().int(),
  }),
  domains: z.array(z.object({ domain: z.string(), ...rateCounts })),
});
export type DeliveryRates = z.infer<typeof deliveryRates>;
