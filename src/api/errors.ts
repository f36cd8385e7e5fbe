import { plural, t } from '@lingui/core/macro';
import { translateServerText } from './server-text';

/**
 * The one error type of the API module (docs/architecture.md §3.4). Every non-2xx response becomes an
 * ApiError; a request that never got a response becomes a NetworkError. Helpers read the
 * Django REST framework bodies docs/decisions/api-choices.md describes, but tolerate any other body.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers, url = '') {
    super(`HTTP ${status}${url ? ` for ${url}` : ''}: ${detailOf(body) ?? 'no detail'}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** No response at all: the server is unreachable, or it did not answer in time. */
export class NetworkError extends Error {
  readonly reason: 'unreachable' | 'timeout';
  constructor(reason: 'unreachable' | 'timeout', cause?: unknown) {
    super(reason === 'timeout' ? 'The request timed out.' : 'The server cannot be reached.', {
      cause,
    });
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

export const isApiError = (err: unknown, status?: number): err is ApiError =>
  err instanceof ApiError && (status === undefined || err.status === status);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{detail: "…"}` of 401/403/404/405/429 bodies. */
export function detailOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.detail === 'string' ? body.detail : undefined;
}

export type FieldErrors = Record<string, string[]>;

/**
 * A 400 body as a flat map from field path to messages: `{"languages": {"1": ["…"]}}`
 * becomes `{"languages.1": ["…"]}`; `non_field_errors` and a top-level array land under
 * `"non_field_errors"`. Empty for any error that is not a 400.
 */
export function fieldErrors(err: unknown): FieldErrors {
  if (!isApiError(err, 400)) return {};
  const out: FieldErrors = {};
  // The server's English wording, in the active locale where the dashboard knows it.
  const add = (path: string, message: string) =>
    (out[path] ??= []).push(translateServerText(message));
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') add(path || 'non_field_errors', value);
    else if (Array.isArray(value)) {
      value.forEach((item, i) =>
        typeof item === 'string'
          ? add(path || 'non_field_errors', item)
          : walk(item, join(path, i)),
      );
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) {
        walk(inner, key === 'non_field_errors' || key === 'detail' ? key : join(path, key));
      }
    }
  };
  // A text body (an HTML error page from a proxy) is no message to show.
  if (typeof err.body === 'object' && err.body !== null) walk(err.body, '');
  if (out.detail) {
    (out.non_field_errors ??= []).push(...out.detail);
    delete out.detail;
  }
  return out;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The existing subscriber a 409 answers with (spec: Errors), or undefined. */
export function conflictBody<T = Record<string, unknown>>(err: unknown): T | undefined {
  return isApiError(err, 409) && isRecord(err.body) ? (err.body as T) : undefined;
}

/**
 * Seconds to wait after a 429: the `Retry-After` header (seconds or an HTTP date), else
 * the number in DRF's "Expected available in N seconds." detail.
 */
export function retryAfterSeconds(err: unknown, now = Date.now()): number | undefined {
  if (!isApiError(err, 429) && !isApiError(err, 503)) return undefined;
  const header = err.headers.get('retry-after');
  if (header) {
    if (/^\d+$/.test(header.trim())) return Number(header.trim());
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const match = /(\d+)\s*seconds?/.exec(detailOf(err.body) ?? '');
  return match ? Number(match[1]) : undefined;
}

function tooManyAttempts(seconds: number | undefined): string {
  if (seconds === undefined) return t`Too many attempts. Try again in a little while.`;
  if (seconds < 60)
    return plural(seconds, {
      one: 'Too many attempts. Try again in # second.',
      other: 'Too many attempts. Try again in # seconds.',
    });
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, {
    one: 'Too many attempts. Try again in # minute.',
    other: 'Too many attempts. Try again in # minutes.',
  });
}

function unavailable(seconds: number | undefined): string {
  if (seconds === undefined)
    return t`The service is unavailable for a moment. Try again in a little while.`;
  if (seconds < 60)
    return plural(seconds, {
      one: 'The service is unavailable for a moment. Try again in # second.',
      other: 'The service is unavailable for a moment. Try again in # seconds.',
    });
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, {
    one: 'The service is unavailable for a moment. Try again in # minute.',
    other: 'The service is unavailable for a moment. Try again in # minutes.',
  });
}

/** The sign-in screen's notice after a 401 while signed in, in the active locale. */
export const sessionExpiredMessage = () =>
  t`Your session has expired or your credentials changed — sign in again.`;

/** A server's `detail`, translated where the dashboard knows it. */
const translatedDetail = (body: unknown) => {
  const detail = detailOf(body);
  return detail === undefined ? undefined : translateServerText(detail);
};

/** One sentence a person can act on, for any error the API module throws. */
export function describeError(err: unknown): string {
  if (err instanceof NetworkError) {
    return err.reason === 'timeout'
      ? t`The server took too long to answer. Try again.`
      : t`The server cannot be reached. Check your connection and try again.`;
  }
  if (!(err instanceof ApiError)) {
    return err instanceof Error && err.message ? err.message : t`Something went wrong.`;
  }
  const status = err.status;
  switch (status) {
    case 400: {
      const messages = Object.values(fieldErrors(err)).flat();
      return messages.length > 0 ? messages.join(' ') : t`The server rejected the data.`;
    }
    case 401:
      return sessionExpiredMessage();
    case 403:
      return t`You are not allowed to do this.`;
    case 404:
      return t`This item does not exist (any more).`;
    case 405:
      return t`This server does not support this action.`;
    case 409:
      return t`This conflicts with an existing item.`;
    case 413:
      return t`The file is too large for the server.`;
    case 429:
      return tooManyAttempts(retryAfterSeconds(err));
    case 503:
      // Ours says what is away (the database); a proxy's page in front says nothing usable.
      return translatedDetail(err.body) ?? unavailable(retryAfterSeconds(err));
    default:
      if (err.status >= 500) return t`The server had a problem. Try again later.`;
      return translatedDetail(err.body) ?? t`The request failed (HTTP ${status}).`;
  }
}
