import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import replyFrom from '@fastify/reply-from';
import { HttpError } from '../lib/http-errors.js';
import {
  credentials,
  DEFAULT_SESSION_LIFETIME,
  isWellFormedToken,
  SESSION_COOKIE,
  SESSION_PATH,
  type SessionLifetime,
} from '../lib/browser-sessions.js';
import {
  assertNotCrossSite,
  challengeFor,
  clearSessionCookie,
  fromDashboard,
  INVALID_CREDENTIALS,
  INVALID_SESSION,
  sessionCookieOf,
  setSessionCookie,
  unauthorized,
} from './browser-requests.js';
import { isApiPath } from './api-paths.js';
import { ProxySessions } from './proxy-sessions.js';
import { MEDIA_ROUTE } from './security-headers.js';

export type UpstreamOptions = {
  /** Base URL of the other deployment, e.g. `https://mail.example.com` or `…/prefix`. */
  upstream: string;
  /** How long to wait for the upstream's headers and between body chunks. */
  timeoutMs?: number;
  sessionLifetime?: SessionLifetime;
  /** The sessions' clock; tests pass a fake one. */
  now?: () => number;
};

// Imports upload up to 200 MB and are answered only when the upload is complete.
const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const SIGN_IN_TIMEOUT_MS = 30_000;

// Set by this server's own helmet (security-headers.ts); the upstream's would replace them.
const OWN_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const unreachable = () => new HttpError(502, { detail: 'The upstream API could not be reached.' });

/**
 * Proxy mode (docs/architecture.md §1, UPSTREAM_API_URL): /api/v1/* and /media/* go to another deployment
 * unchanged, both ways — method, path, query, headers (Authorization included) and body
 * streamed as it arrives; status, headers (WWW-Authenticate, Retry-After) and body of the
 * answer as they come back. Authentication, throttling and limits are the upstream's.
 *
 * The dashboard gets a cookie session here too (docs/decisions/api-choices.md): POST /api/v1/session checks the
 * credentials once against the upstream and keeps them in this process (ProxySessions);
 * requests with the cookie are forwarded with that Basic header added. The cookie itself
 * never leaves this server.
 */
export async function upstreamPlugin(app: FastifyInstance, options: UpstreamOptions) {
  const base = new URL(options.upstream);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const sessions = new ProxySessions(
    options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME,
    options.now,
  );
  await app.register(proxySessionRoutes, { base, sessions });
  await app.register(forwarding, { base, sessions, timeout: options.timeoutMs });
}

type ScopeOptions = { base: URL; sessions: ProxySessions };

/** The client chain the upstream's throttle keys on, this hop's peer appended. */
const forwardedFor = (request: FastifyRequest, header: unknown) =>
  [header, request.socket.remoteAddress].filter(Boolean).join(', ');

async function proxySessionRoutes(app: FastifyInstance, { base, sessions }: ScopeOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(SESSION_PATH, { schema: { body: credentials } }, async (request, reply) => {
    assertNotCrossSite(request);
    const { username, password } = request.body;
    const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    // One authenticated request proves the credentials, with the upstream's own throttle.
    let answer: Response;
    try {
      answer = await fetch(new URL('api/v1/lists?page_size=1', base), {
        headers: {
          authorization,
          accept: 'application/json',
          'x-forwarded-for': forwardedFor(request, request.headers['x-forwarded-for']),
        },
        signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
    } catch (error) {
      request.log.warn({ err: error }, 'upstream sign-in check failed');
      throw unreachable();
    }
    if (answer.status === 401) throw unauthorized(request, INVALID_CREDENTIALS);
    if (answer.status === 429) {
      const wait = answer.headers.get('retry-after') ?? '60';
      throw new HttpError(
        429,
        { detail: `Request was throttled. Expected available in ${wait} seconds.` },
        { 'retry-after': wait },
      );
    }
    if (!answer.ok) {
      throw new HttpError(502, { detail: `The upstream API answered ${answer.status}.` });
    }
    setSessionCookie(request, reply, sessions.create(username, authorization));
    return reply.code(201).send({ username });
  });

  // With the cookie, answered here; anything else is the upstream's business.
  api.get(SESSION_PATH, async (request) => {
    const entry = sessionOf(request, sessions);
    if (!entry) throw unauthorized(request, INVALID_SESSION);
    return { username: entry.username };
  });

  api.delete(SESSION_PATH, async (request, reply) => {
    assertNotCrossSite(request);
    const token = sessionCookieOf(request);
    if (isWellFormedToken(token)) sessions.revoke(token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}

function sessionOf(request: FastifyRequest, sessions: ProxySessions) {
  const token = sessionCookieOf(request);
  return isWellFormedToken(token) ? sessions.use(token) : undefined;
}

/** Our session cookie is for this server only: removed from what goes upstream. */
function withoutSessionCookie(cookie: unknown): string | undefined {
  if (typeof cookie !== 'string') return undefined;
  const rest = cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${SESSION_COOKIE}=`));
  return rest.length ? rest.join('; ') : undefined;
}

/** Registered as its own scope so the raw-body parser below stays in it. */
async function forwarding(
  app: FastifyInstance,
  { base, sessions, timeout = DEFAULT_TIMEOUT_MS }: ScopeOptions & { timeout?: number },
) {
  await app.register(replyFrom, {
    base: base.href,
    // reply-from turns certificate checks off (tls.rejectUnauthorized: false) unless told
    // otherwise, and credentials travel here; undici applies `connect` over `tls`.
    undici: { connect: { rejectUnauthorized: true } },
    disableRequestLogging: true,
  });

  // Bodies are never parsed here: JSON, multipart and anything else stream through as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // API clients' own Authorization goes through as it is; the dashboard's cookie is
    // swapped for the credentials it stands for.
    const token = request.headers.authorization ? undefined : sessionCookieOf(request);
    let authorization: string | undefined;
    if (token !== undefined && isApiPath(request.url)) {
      assertNotCrossSite(request);
      const entry = isWellFormedToken(token) ? sessions.use(token) : undefined;
      if (!entry) {
        clearSessionCookie(request, reply);
        throw unauthorized(request, INVALID_SESSION);
      }
      authorization = entry.authorization;
    }
    return reply.from(
      // Relative to the base, so a base path (`https://host/prefix/`) is kept.
      request.url.replace(/^\/+/, ''),
      {
        timeout,
        rewriteRequestHeaders: (_req, headers) => {
          const { cookie, ...rest } = headers;
          const kept = withoutSessionCookie(cookie);
          return {
            ...rest,
            ...(kept ? { cookie: kept } : {}),
            ...(authorization ? { authorization } : {}),
            'x-forwarded-for': forwardedFor(request, headers['x-forwarded-for']),
          };
        },
        rewriteHeaders: (headers) => {
          const ownHeaders: ReadonlySet<string> = new Set(OWN_HEADERS);
          return Object.fromEntries(
            Object.entries(headers).filter(([name]) => !ownHeaders.has(name)),
          );
        },
        onResponse: (_req, res, upstream) => {
          if (res.statusCode === 401) {
            // The upstream no longer takes the stored credentials (password changed there).
            if (authorization && token) sessions.revoke(token);
            // Never a Basic challenge to the dashboard, whatever the upstream sends.
            if (fromDashboard(request)) res.headers(challengeFor(request));
          }
          void res.send((upstream as unknown as { stream: NodeJS.ReadableStream }).stream);
        },
        onError: (res, { error }) => {
          request.log.warn({ err: error }, 'upstream request failed');
          void res
            .code(502)
            .header('content-type', 'application/json; charset=utf-8')
            .send({ detail: 'The upstream API could not be reached.' });
        },
      },
    );
  };

  app.all('/api/v1/*', forward);
  app.all('/media/*', MEDIA_ROUTE, forward);
}
