import { z } from 'zod';
import { envelope } from '../../contract/common';
import {
  webhook as contractWebhook,
  webhookAttempt,
  type WebhookAttempt,
  type WebhookWrite,
} from '../../contract/webhooks';
import { extension, request, requestParsed } from './client';

/**
 * An endpoint. Servers before issue 49 answer without `lists` (every list): the screen then
 * hides the choice and never sends it.
 */
const webhook = contractWebhook.extend({ lists: contractWebhook.shape.lists.optional() });
export type Webhook = z.infer<typeof webhook>;
export type { WebhookAttempt, WebhookWrite };

const queued = z.looseObject({ event_id: z.string(), type: z.string() });
export const WEBHOOKS_EXTENSION = 'webhooks';

/** Outgoing webhook endpoints (extension): `{supported: false}` where the API has none. */
export const getWebhooks = (signal?: AbortSignal) =>
  extension(WEBHOOKS_EXTENSION, () =>
    requestParsed(envelope(webhook), '/webhooks', { query: { page_size: 1000 }, signal }),
  );

/** The answer carries the signing secret: the only time it is shown. */
export const createWebhook = (body: WebhookWrite) =>
  requestParsed(webhook, '/webhooks', { method: 'POST', body });

export const updateWebhook = (id: number, body: Partial<WebhookWrite>) =>
  requestParsed(webhook, `/webhooks/${id}`, { method: 'PATCH', body });

export const deleteWebhook = (id: number) => request(`/webhooks/${id}`, { method: 'DELETE' });

export const rotateWebhookSecret = (id: number) =>
  requestParsed(webhook, `/webhooks/${id}/rotate-secret`, { method: 'POST' });

export const getWebhookAttempts = (id: number, page: number, signal?: AbortSignal) =>
  requestParsed(envelope(webhookAttempt), `/webhooks/${id}/attempts`, {
    query: { page },
    signal,
  });

export const sendTestEvent = (id: number) =>
  requestParsed(queued, `/webhooks/${id}/test`, { method: 'POST' });

export const replayAttempt = (id: number, attemptId: number) =>
  requestParsed(queued, `/webhooks/${id}/attempts/${attemptId}/replay`, { method: 'POST' });
