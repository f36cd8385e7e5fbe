import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/http-errors.js';
import { decoyHash, verifyPassword } from '../features/users/password.js';
import { usersRepository, type User } from '../features/users/repository.js';
import { FailedAttemptThrottle } from '../features/users/throttle.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every /api/ request that gets past the auth hook. */
    user: User;
  }
}

export type AuthOptions = {
  db: Db;
  throttle?: FailedAttemptThrottle;
  /** How long a verified Authorization header is trusted without hashing again. */
  cacheTtlMs?: number;
};

const CHALLENGE = { 'www-authenticate': 'Basic realm="api"' };
const invalid = () => new HttpError(401, { detail: 'Invalid username/password.' }, CHALLENGE);
const missing = () =>
  new HttpError(401, { detail: 'Authentication credentials were not provided.' }, CHALLENGE);

/** HTTP Basic authentication on every /api/ route (spec: Authentication). */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const throttle = options.throttle ?? new FailedAttemptThrottle();
  const ttl = options.cacheTtlMs ?? 60_000;
  // Keyed by a hash of the header so plain passwords never sit in memory longer than needed.
  const verified = new Map<string, { user: User; expires: number }>();
  const users = usersRepository(options.db);

  app.decorateRequest('user', null as unknown as User);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const credentials = parseBasic(request.headers.authorization);
    if (credentials === 'missing') throw missing();
    if (credentials === 'malformed') throw invalid();
    const { username, password } = credentials;

    const wait = throttle.retryAfter(username, request.ip);
    if (wait > 0) {
      throw new HttpError(
        429,
        { detail: `Request was throttled. Expected available in ${wait} seconds.` },
        { 'retry-after': String(wait) },
      );
    }

    const key = createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest('base64');
    const cached = verified.get(key);
    if (cached && cached.expires > Date.now()) {
      request.user = cached.user;
      return;
    }

    const row = await users.findByUsername(username);
    const ok = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
    if (!row || !ok) {
      throttle.recordFailure(username, request.ip);
      throw invalid();
    }
    request.user = { id: row.id, username: row.username };
    if (verified.size > 10_000) verified.clear();
    verified.set(key, { user: request.user, expires: Date.now() + ttl });
  });
});

function parseBasic(
  header: string | undefined,
): { username: string; password: string } | 'missing' | 'malformed' {
  if (!header) return 'missing';
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return 'malformed';
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export type AuthenticatedRequest = FastifyRequest & { user: User };
