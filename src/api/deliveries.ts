import { z } from 'zod';
import { envelope } from '../../contract/common';
import { extension, requestParsed } from './client';

// Interim: the schemas of the deliveries extension as the API contract describes
// them, until contract/deliveries.ts (written with the server) replaces them.
const deliveryStatus = z.enum(['scheduled', 'running', 'paused', 'cancelled', 'done', 'missed']);
const deliveryProgress = z.looseObject({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});
const deliveryState = z.looseObject({
  id: z.number().int(),
  mailing: z.number().int(),
  variant: z.number().int().nullable(),
  languages: z.array(z.string()),
  scheduled_datetime: z.string(),
  status: z.union([deliveryStatus, z.string()]),
  progress: deliveryProgress,
  started_datetime: z.string().nullable(),
  finished_datetime: z.string().nullable(),
});
const recipientState = z.enum(['queued', 'sent', 'failed', 'bounced']);
const deliveryRecipient = z.looseObject({
  email: z.string(),
  subscriber: z.number().int().nullable(),
  state: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  message_id: z.string().nullable(),
  smtp_response: z.string().nullable(),
  sent_datetime: z.string().nullable(),
  duplicate: z.boolean(),
});
const testSent = z.looseObject({ message_id: z.string() });

export type DeliveryStatus = z.infer<typeof deliveryStatus>;
export type DeliveryState = z.infer<typeof deliveryState>;
export type DeliveryProgress = z.infer<typeof deliveryProgress>;
export type RecipientState = z.infer<typeof recipientState>;
export type DeliveryRecipient = z.infer<typeof deliveryRecipient>;
export type DeliveryAction = 'pause' | 'resume' | 'cancel' | 'retry';
export type TestMessage = { email: string; variant?: number };

const deliveryList = z.array(deliveryState);
const recipientPage = envelope(deliveryRecipient);

/**
 * A mailing's deliveries with their progress: our extension. Another deployment of the API
 * answers 404 for this path: the mailing page then shows what the spec gives (the
 * scheduled times of each variant). Called only for a mailing the page just loaded.
 */
export const getMailingDeliveries = (mailingId: number, signal?: AbortSignal) =>
  extension('deliveries', () =>
    requestParsed(deliveryList, `/mailings/${mailingId}/deliveries`, { signal }),
  );

export const getDelivery = (id: number, signal?: AbortSignal) =>
  requestParsed(deliveryState, `/deliveries/${id}`, { signal });

export const getDeliveryRecipients = (
  id: number,
  query: { state?: RecipientState; page?: number },
  signal?: AbortSignal,
) => requestParsed(recipientPage, `/deliveries/${id}/recipients`, { query, signal });

/** 400 `{detail}` when the action does not apply to the delivery's status (any more). */
export const changeDelivery = (id: number, action: DeliveryAction) =>
  requestParsed(deliveryState, `/deliveries/${id}/${action}`, { method: 'POST' });

/** 202 with the test message's Message-ID; 400 field errors (`email`, `variant`). */
export const sendTestMessage = (mailingId: number, body: TestMessage) =>
  requestParsed(testSent, `/mailings/${mailingId}/test`, { method: 'POST', body });
