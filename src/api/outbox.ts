import { envelope } from '../../contract/common';
import {
  outboxItem,
  outboxMessage,
  type OutboxItem,
  type OutboxMessage,
} from '../../contract/deliveries';
import { extension, requestParsed } from './client';

export type { OutboxItem, OutboxMessage };
export type OutboxQuery = { page?: number; page_size?: number; search?: string };

const outboxPage = envelope(outboxItem);

/**
 * The embedded outbox (extension): messages kept by a server without SMTP_URL, newest
 * first. 404 where the server sends by SMTP, or is another deployment: unsupported.
 */
export const getOutbox = (query: OutboxQuery, signal?: AbortSignal) =>
  extension('outbox', () => requestParsed(outboxPage, '/outbox', { query, signal }));

/** One message; 404 for a message dropped from the (capped) outbox, or no outbox at all. */
export const getOutboxMessage = (id: number, signal?: AbortSignal) =>
  requestParsed(outboxMessage, `/outbox/${id}`, { signal });
