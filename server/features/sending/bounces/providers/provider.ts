import type { IncomingHttpHeaders } from 'node:http';
import type { Executor } from '../../../../db/client.js';
import { HttpError, badRequest } from '../../../../lib/http-errors.js';
import type { InboundEvent } from '../ingest.js';

/** A provider's webhook request: its headers and the raw body (signatures cover its bytes). */
export type ProviderRequest = { headers: IncomingHttpHeaders; body: string; db: Executor };

/**
 * One relay's event webhook. `verify` throws 401/403 for a request that is not the
 * provider's (nothing is read or recorded then); `events` maps what it says onto bounces,
 * complaints and unsubscriptions, leaving out the kinds it does not know or need.
 */
export type Provider = {
  verify(request: ProviderRequest): Promise<void>;
  events(request: ProviderRequest): Promise<InboundEvent[]>;
  /** After the events are recorded (Mailgun remembers the token then). */
  accepted?(request: ProviderRequest): Promise<void>;
};

/** 403: a signature that does not verify (or a provider this installation did not configure). */
export const forbidden = (detail: string) => new HttpError(403, { detail });

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('non_field_errors', 'The body is not valid JSON.');
  }
}

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The optional fields of an event, left out when absent. */
export const present = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
