import { z } from 'zod';
import { envelope } from '../../contract/common';
import { extension, requestParsed } from './client';

// Interim: the outbox extension's schemas as the API contract describes them,
// until contract/deliveries.ts (written with the server) replaces them.
const outboxItem = z.looseObject({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  mailing: z.number().int().nullable(),
  delivery: z.number().int().nullable(),
  create_datetime: z.string(),
});
const outboxMessage = outboxItem.extend({
  from: z.string(),
  headers: z.record(z.string(), z.string()),
  html: z.string().nullable(),
  text: z.string().nullable(),
});

export type OutboxItem = z.infer<typeof outboxItem>;
export type OutboxMessage = z.infer<typeof outboxMessage>;
export type OutboxQuery = { page?: number; page_size?: number; search?: string };

const outboxPage = envelope(outboxItem);

/**
 * The embedded outbox (extension): messages kept by a server without SMTP_URL, newest
 * first. 404 where the server sends by SMTP, or is another deployment: unsupported.
 */
export const getOutbox = (query: OutboxQuery, signal?: AbortSignal) =>
  extension('outbox', () => requestParsed(outboxPage, '/outbox', { query, signal }));

/** One message; 404 for a message dropped from the (capped) outbox. */
export const getOutboxMessage = (id: number, signal?: AbortSignal) =>
  requestParsed(outboxMessage, `/outbox/${id}`, { signal });
