import { ApiError, NetworkError, isApiError, sessionExpiredMessage } from './errors';
import { loadServerTexts } from './server-text';
import { session } from './session';
import type { InferOutput, StandardResult, StandardSchemaV1 } from './standard-schema';
import { DASHBOARD_CLIENT, DASHBOARD_HEADER } from '../../contract/dashboard-client';

export * from './errors';

/**
 * The only module that talks HTTP (docs/architecture.md §2). Same origin: the server serves the SPA, and
 * Vite proxies /api in development.
 */
export const API_ROOT = '/api/v1';
const DEFAULT_TIMEOUT_MS = 30_000;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** `blob` for downloads (CSV); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /**
   * Statuses the caller answers itself, showing nothing the server wrote (the session probe's
   * 401): the table of the server's texts is not downloaded for them.
   */
  quietStatuses?: number[];
};

/** Whether the last request got any answer; the shell shows a banner when it did not. */
export const serverStatus = createStatusStore();

export function apiUrl(path: string, query?: Query): string {
  const url = path.startsWith(API_ROOT) ? path : `${API_ROOT}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * Sent with every request. The session cookie travels by itself (same origin); the
 * dashboard header tells the server two things (server/plugins/browser-requests.ts): a
 * write really comes from this page (the CSRF defence, docs/decisions/api-choices.md), and a 401 must not
 * carry `WWW-Authenticate: Basic`, which would open the browser's own credentials dialog.
 */
const COMMON_HEADERS = { Accept: 'application/json', [DASHBOARD_HEADER]: DASHBOARD_CLIENT };

/** Sends one request and returns the parsed JSON body (undefined for 204). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const url = apiUrl(path, query);
  const { signal: combined, timedOut, dispose } = withTimeout(signal, timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...COMMON_HEADERS,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
      credentials: 'same-origin',
    });
  } catch (err) {
    dispose();
    if (timedOut()) throw new NetworkError('timeout', err);
    if (signal?.aborted) throw err;
    serverStatus.set(false);
    throw new NetworkError('unreachable', err);
  }
  try {
    const data =
      options.responseType === 'blob' && response.ok
        ? await response.blob()
        : await readBody(response);
    serverStatus.set(true);
    if (!response.ok) {
      // The answer is here: no timeout applies to fetching the server's texts.
      dispose();
      throw await failure(response.status, data, response.headers, url, options);
    }
    return data as T;
  } catch (err) {
    if (timedOut()) throw new NetworkError('timeout', err);
    throw err;
  } finally {
    dispose();
  }
}

/**
 * A request whose response is checked against a schema: a contract (zod) schema or a light
 * one (light-schemas.ts). Both speak Standard Schema, so this module never loads zod itself.
 */
export async function requestParsed<S extends StandardSchemaV1>(
  schema: S,
  path: string,
  options?: RequestOptions,
): Promise<InferOutput<S>> {
  const data = await request(path, options);
  return shapeChecked(await schema['~standard'].validate(data), path);
}

/** Raised when a response does not have the shape the contract describes. */
export class ResponseShapeError extends Error {
  constructor(
    path: string,
    readonly issues: unknown,
  ) {
    super(`Unexpected response from ${path}.`);
    this.name = 'ResponseShapeError';
  }
}

/** Synchronous twin of requestParsed for a body received otherwise (an upload's answer). */
export function parseResponse<S extends StandardSchemaV1>(
  schema: S,
  data: unknown,
  path: string,
): InferOutput<S> {
  const result = schema['~standard'].validate(data);
  // Response schemas have no async refinements; one that had would need requestParsed.
  if (result instanceof Promise) throw new TypeError(`Asynchronous schema for ${path}.`);
  return shapeChecked(result, path);
}

function shapeChecked<T>(result: StandardResult<T>, path: string): T {
  if (result.issues) throw new ResponseShapeError(path, result.issues);
  return result.value;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError of a non-2xx answer, once the server's texts can be shown translated. */
async function failure(
  status: number,
  body: unknown,
  headers: Headers,
  url: string,
  options: Pick<RequestOptions, 'quietStatuses'>,
): Promise<ApiError> {
  // Its texts are read (translated) when shown: the table must be here by then.
  if (!options.quietStatuses?.includes(status)) await loadServerTexts();
  return handleFailure(new ApiError(status, body, headers, url));
}

/**
 * A 401 while signed in: the session ended (expired, signed out elsewhere, revoked). A 403
 * `two_factor_required`: the role now requires two-factor sign-in (an admin just said so);
 * the shell sends the user to set it up.
 */
function handleFailure(err: ApiError): ApiError {
  const { status, user } = session.get();
  if (err.status === 401 && status === 'signed-in') {
    session.signOut(sessionExpiredMessage());
  }
  const code = (err.body as { code?: unknown } | null)?.code;
  if (err.status === 403 && code === 'two_factor_required' && user && !user.enrolTwoFactor) {
    session.signIn({ ...user, enrolTwoFactor: true });
  }
  return err;
}

/** The caller's signal plus a timeout; reports whether the timeout is what fired. */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException('Timed out', 'TimeoutError'));
  }, ms);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => fired,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

export type UploadProgress = { loaded: number; total: number | null };

/**
 * multipart/form-data upload with progress (the import wizard). fetch cannot report upload
 * progress, so this one uses XMLHttpRequest; the errors are the same as request()'s.
 */
export function upload<T = unknown>(
  path: string,
  form: FormData,
  options: { signal?: AbortSignal; onProgress?: (p: UploadProgress) => void } = {},
): Promise<T> {
  const url = apiUrl(path);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(COMMON_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) =>
      options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : null });
    xhr.onload = () => {
      serverStatus.set(true);
      const headers = parseHeaders(xhr.getAllResponseHeaders());
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else void failure(xhr.status, data, headers, url, {}).then(reject);
    };
    xhr.onerror = () => {
      serverStatus.set(false);
      reject(new NetworkError('unreachable'));
    };
    xhr.onabort = () => reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export type Extension<T> = { supported: true; data: T } | { supported: false };
const unsupportedExtensions = new Set<string>();
session.subscribe(() => {
  if (!session.get().user) unsupportedExtensions.clear();
});

/**
 * Runs a call to one of our extension endpoints (docs/decisions/api-choices.md). Another deployment of the API
 * answers 404 or 405 there: the result is then `{supported: false}` and remembered for the
 * session, so screens hide or degrade the feature without asking again. Pass
 * `notFoundMeansUnsupported: false` for item endpoints, where 404 means a missing item.
 */
export async function extension<T>(
  key: string,
  call: () => Promise<T>,
  { notFoundMeansUnsupported = true } = {},
): Promise<Extension<T>> {
  if (unsupportedExtensions.has(key)) return { supported: false };
  try {
    return { supported: true, data: await call() };
  } catch (err) {
    if (isApiError(err, 405) || (notFoundMeansUnsupported && isApiError(err, 404))) {
      unsupportedExtensions.add(key);
      return { supported: false };
    }
    throw err;
  }
}

export const isExtensionUnsupported = (key: string) => unsupportedExtensions.has(key);

function createStatusStore() {
  let reachable = true;
  const listeners = new Set<() => void>();
  return {
    get: () => reachable,
    set(next: boolean) {
      if (next === reachable) return;
      reachable = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
