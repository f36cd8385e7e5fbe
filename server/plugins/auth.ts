import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/http-errors.js';
import { sessionsRepository } from '../features/sessions/repository.js';
import { SESSION_PATH, sessionRoutes } from '../features/sessions/routes.js';
import {
  DEFAULT_SESSION_LIFETIME,
  isWellFormedToken,
  type SessionLifetime,
} from '../features/sessions/tokens.js';
import { decoyHash, verifyPassword } from '../features/users/password.js';
import { usersRepository, type User } from '../features/users/repository.js';
import { FailedAttemptThrottle } from '../features/users/throttle.js';
import { meSessionRoutes } from '../features/sessions/me-routes.js';
import { twoFactorRepository } from '../features/two-factor/repository.js';
import { secondFactorRoutes, secondFactorStep } from '../features/two-factor/sign-in.js';
import { BOUNCES_PATH } from '../features/sending/index.js';
import { isApiPath } from './api-paths.js';
import { loadAccess, passwordFingerprint, type Access } from '../lib/access.js';
import { apiTokensRepository, isApiToken } from '../features/users/tokens-repository.js';
import {
  assertNotCrossSite,
  clearSessionCookie,
  INACTIVE_USER,
  INVALID_CREDENTIALS,
  INVALID_SESSION,
  MISSING_CREDENTIALS,
  sessionCookieOf,
  unauthorized,
} from './browser-requests.js';
import { parseBasic } from './basic-credentials.js';
import { deviceCookies } from './device-cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every /api/ request that gets past the auth hook. */
    user: User;
    /** How the caller proved who it is: HTTP Basic (API clients) or the dashboard's cookie. */
    /** `token`: Basic with an API token as the password. */
    authMethod: 'basic' | 'token' | 'session';
  }
}

/** A password proven right, with the fingerprint of the hash it was checked against. */
type Verified = { user: User; fingerprint: string };

/** Who a Basic header names; `key` and `fingerprint` only for a password (cache entry). */
type BasicCaller =
  | { method: 'token'; user: User; token: { id: number; name: string } }
  | ({ method: 'basic'; key: string } & Verified);

export type AuthOptions = {
  db: Db;
  /** Also the clock of the credential cache and of sessions, so a test drives all three. */
  throttle?: FailedAttemptThrottle;
  /** How long a verified Authorization header is trusted without hashing again. */
  cacheTtlMs?: number;
  /** Idle timeout and absolute lifetime of browser sessions. */
  sessionLifetime?: SessionLifetime;
};

const throttled = (wait: number) =>
  new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${wait} seconds.` },
    { 'retry-after': String(wait) },
  );

const CACHE_LIMIT = 10_000;

/**
 * Authentication on every /api/ route (spec: Authentication): HTTP Basic, or the session
 * cookie the dashboard got from POST /api/v1/session (docs/architecture.md §4). Basic wins when both come.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const throttle = options.throttle ?? new FailedAttemptThrottle();
  const now = throttle.now;
  const ttl = options.cacheTtlMs ?? 60_000;
  // Keyed by a hash of the header so plain passwords never sit in memory as keys. An entry
  // holds while its fingerprint matches the user's row (checked on every request), so a
  // password changed on any replica is never accepted from here again.
  const verified = new Map<string, Verified & { expires: number }>();
  const inFlight = new Map<string, Promise<Verified | undefined>>();
  const tokens = apiTokensRepository(options.db);
  const users = usersRepository(options.db);
  const sessions = sessionsRepository(
    options.db,
    options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME,
  );
  const twoFactor = twoFactorRepository(options.db);
  const devices = await deviceCookies(options.db, now);
  // Sessions opened here or in the two-factor step leave one (sessions/routes.ts).
  app.decorate('deviceCookies', devices);
  // Computed now rather than on the first unknown username, whose answer would otherwise
  // take one extra hash and reveal that the name does not exist.
  void decoyHash().catch(() => undefined);

  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('authMethod', null as unknown as 'basic');
  app.decorateRequest('access', null as unknown as Access);

  /**
   * The password check shared by Basic and sign-in, behind the one throttle
   * (docs/architecture.md §4). Undefined when the credentials are wrong. `device`: a valid
   * device cookie's id (sign-in only).
   */
  async function verifyCredentials(
    username: string,
    password: string,
    address: string,
    device?: string,
  ): Promise<Verified | undefined> {
    // Counted as a failure until the password is proven right, so parallel guesses cannot
    // all pass the throttle's check before any of them is recorded.
    const attempt = throttle.recordFailure(username, address, device);
    const row = await users.findByUsername(username);
    // An unknown username is verified against a decoy hash: same work, same answer.
    // An invited user who has not chosen a password yet (empty hash) is checked the same way.
    const ok = await verifyPassword(password, row?.passwordHash || (await decoyHash()));
    if (!row || !ok) return undefined;
    throttle.forgive(username, address, attempt, device);
    return {
      user: { id: row.id, username: row.username },
      fingerprint: passwordFingerprint(row.passwordHash),
    };
  }

  /**
   * An API token as the Basic password: one indexed lookup, never cached (revocation holds
   * at once), and outside the password throttle both ways: no one's wrong passwords delay a
   * token, and 256 random bits need no throttle against guessing.
   */
  async function checkToken(request: FastifyRequest, username: string, token: string) {
    const found = await tokens.use(username, token, new Date(now()));
    if (found) {
      const { token: used, ...user } = found;
      return { method: 'token' as const, user, token: used };
    }
    throw unauthorized(request, INVALID_CREDENTIALS);
  }

  async function basicAuth(request: FastifyRequest): Promise<BasicCaller> {
    const credentials = parseBasic(request.headers.authorization);
    if (credentials === 'missing') throw unauthorized(request, MISSING_CREDENTIALS);
    if (credentials === 'malformed') throw unauthorized(request, INVALID_CREDENTIALS);
    const { username, password } = credentials;
    if (isApiToken(password)) {
      return checkToken(request, username, password);
    }
    const key = createHash('sha256').update(request.headers.authorization!).digest('base64');

    // Single flight: parallel requests with one header share one verification (which passed
    // the throttle), so a client's own burst neither pays N hashes nor counts as N
    // provisional failures, nor is throttled by the one its first request counts. The same
    // wrong password sent N times at once is one guess.
    let pending = inFlight.get(key);
    if (!pending) {
      // Before the cache: while a username is backing off even the right password waits,
      // or a cached right password would answer 200 where every wrong one answers 429.
      const wait = throttle.retryAfter(username, request.ip);
      if (wait > 0) throw throttled(wait);

      const cached = verified.get(key);
      if (cached && cached.expires > now()) return { method: 'basic', key, ...cached };

      pending = verifyCredentials(username, password, request.ip)
        .then((result) => {
          if (result) {
            if (verified.size >= CACHE_LIMIT) sweep(verified, now());
            verified.set(key, { ...result, expires: now() + ttl });
          }
          return result;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const result = await pending;
    if (!result) throw unauthorized(request, INVALID_CREDENTIALS);
    // With two-factor sign-in a password alone proves too little (issue 29 part 4): such a
    // user's Basic clients use an API token. Never left in the cache, so this runs each time.
    if (await twoFactor.enrolled(result.user.id)) {
      verified.delete(key);
      throw unauthorized(request, TWO_FACTOR_BASIC);
    }
    return { method: 'basic', key, ...result };
  }

  /**
   * The caller of a Basic header with its access. A password verified against a hash the
   * user's row no longer has (changed here or on another replica since it was cached) is
   * verified again, against the current hash: the old password is refused on the next
   * request everywhere.
   */
  async function basicCaller(request: FastifyRequest) {
    const stale = (caller: BasicCaller, access: Access | undefined) =>
      caller.method === 'basic' && access && access.passwordFingerprint !== caller.fingerprint;
    let caller = await basicAuth(request);
    let access = await loadAccess(options.db, caller.user.id);
    if (stale(caller, access)) {
      verified.delete((caller as { key: string }).key);
      caller = await basicAuth(request);
      access = await loadAccess(options.db, caller.user.id);
      // Still an older hash: it joined a verification begun before the change. Refused
      // rather than trusted; the next request verifies afresh.
      if (stale(caller, access)) throw unauthorized(request, INVALID_CREDENTIALS);
    }
    return { caller, access };
  }

  async function sessionAuth(request: FastifyRequest, reply: FastifyReply, token: string) {
    assertNotCrossSite(request);
    const user = isWellFormedToken(token) ? await sessions.use(token, new Date(now())) : undefined;
    if (!user) {
      // The browser may drop a cookie that can never work again.
      clearSessionCookie(request, reply);
      throw unauthorized(request, INVALID_SESSION);
    }
    return user;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || isSignIn(request) || isBounceWebhook(request)) return;
    if (isPublicRoute(request)) return;
    const token = sessionCookieOf(request);
    let access: Access | undefined;
    if (request.headers.authorization?.trim() || token === undefined) {
      const basic = await basicCaller(request);
      request.user = basic.caller.user;
      request.authMethod = basic.caller.method;
      // Named in the audit log of the request's writes.
      if (basic.caller.method === 'token') request.apiToken = basic.caller.token;
      access = basic.access;
    } else {
      request.user = await sessionAuth(request, reply, token);
      request.authMethod = 'session';
      access = await loadAccess(options.db, request.user.id);
    }
    if (!access?.active) throw unauthorized(request, INACTIVE_USER);
    request.access = access;
  });

  await app.register(sessionRoutes, {
    sessions,
    now,
    signIn: async (request: FastifyRequest, username: string, password: string) => {
      // A browser that signed in as this username before is not slowed by others' guesses.
      const device = devices.deviceOf(request, username);
      const wait = throttle.retryAfter(username, request.ip, device);
      if (wait > 0) throw throttled(wait);
      const user = (await verifyCredentials(username, password, request.ip, device))?.user;
      if (!user) throw unauthorized(request, INVALID_CREDENTIALS);
      if (!(await loadAccess(options.db, user.id))?.active) {
        throw unauthorized(request, INACTIVE_USER);
      }
      return user;
    },
    afterPassword: secondFactorStep(options.db, now),
  });
  const lifetime = options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME;
  await app.register(secondFactorRoutes, { db: options.db, sessions, now });
  await app.register(meSessionRoutes, { db: options.db, lifetime, now, prefix: '/api/v1' });
});

const TWO_FACTOR_BASIC =
  'This user signs in with two factors: use an API token, not the password, for Basic authentication.';

/** Routes reached through a mailed link or mid-sign-in (`config: { public: true }`). */
const isPublicRoute = (request: FastifyRequest) =>
  !request.is404 && (request.routeOptions.config as { public?: boolean }).public === true;

/** The bounce webhook checks its own token (BOUNCE_WEBHOOK_TOKEN), not user credentials. */
const isBounceWebhook = (request: FastifyRequest) =>
  request.method === 'POST' && request.routeOptions.url === BOUNCES_PATH;

const isSignIn = (request: FastifyRequest) =>
  request.method === 'POST' && request.routeOptions.url === SESSION_PATH;

/**
 * Decided on the route the router matched as well as on the decoded path: `/%61pi/v1/lists`
 * routes to `/api/v1/lists`, and unknown /api/ paths (which may hit the SPA's wildcard
 * route) answer 401 before 404 like the known ones.
 */
function isApiRequest(request: FastifyRequest): boolean {
  if (!request.is404 && request.routeOptions.url?.startsWith('/api/')) return true;
  return isApiPath(request.url);
}

function sweep(cache: Map<string, { expires: number }>, at: number) {
  for (const [key, entry] of cache) if (entry.expires <= at) cache.delete(key);
  if (cache.size >= CACHE_LIMIT) cache.clear();
}
