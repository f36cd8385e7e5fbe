import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import {
  INVALID_CREDENTIALS,
  MISSING_CREDENTIALS,
  unauthorized,
} from '../../../plugins/browser-requests.js';
import { loadAccess, type Access } from '../access/access.js';
import { throttled, type Verified, type VerifyCredentials } from '../sign-in/credentials.js';
import type { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { apiTokensRepository, isApiToken } from '../tokens/repository.js';
import { twoFactorRepository } from '../two-factor/repository.js';
import type { User } from '../users/repository.js';
import { parseBasic } from './basic-credentials.js';

/** Who a Basic header names; `key` and `fingerprint` only for a password (cache entry). */
type BasicCaller =
  | { method: 'token'; user: User; token: { id: number; name: string } }
  | ({ method: 'basic'; key: string } & Verified);

export type BasicCallerOptions = {
  db: Db;
  /** Also the clock of the credential cache. */
  throttle: FailedAttemptThrottle;
  verifyCredentials: VerifyCredentials;
  /** How long a verified Authorization header is trusted without hashing again. */
  cacheTtlMs?: number;
};

const CACHE_LIMIT = 10_000;

/**
 * HTTP Basic (spec: Authentication): a password, checked behind the throttle and then
 * cached for a short while, or an API token. Answers the caller of a request's header with
 * its access, or throws the 401/429 to answer.
 */
export function basicCallers(options: BasicCallerOptions) {
  const { throttle, verifyCredentials } = options;
  const now = throttle.now;
  const ttl = options.cacheTtlMs ?? 60_000;
  // Keyed by a hash of the header so plain passwords never sit in memory as keys. An entry
  // holds while its fingerprint matches the user's row (checked on every request), so a
  // password changed on any replica is never accepted from here again.
  const verified = new Map<string, Verified & { expires: number }>();
  const inFlight = new Map<string, Promise<Verified | undefined>>();
  const tokens = apiTokensRepository(options.db);
  const twoFactor = twoFactorRepository(options.db);

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

  return basicCaller;
}

const TWO_FACTOR_BASIC =
  'This user signs in with two factors: use an API token, not the password, for Basic authentication.';

function sweep(cache: Map<string, { expires: number }>, at: number) {
  for (const [key, entry] of cache) if (entry.expires <= at) cache.delete(key);
  if (cache.size >= CACHE_LIMIT) cache.clear();
}
