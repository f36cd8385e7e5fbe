import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../lib/http-errors.js';
import {
  INACTIVE_USER,
  INVALID_CREDENTIALS,
  unauthorized,
} from '../../../plugins/browser-requests.js';
import { loadAccess, passwordFingerprint } from '../access/access.js';
import { usersRepository, type User } from '../users/repository.js';
import type { DeviceCookies } from './device-cookies.js';
import { decoyHash, verifyPassword } from './password.js';
import type { FailedAttemptThrottle } from './throttle.js';

/** A password proven right, with the fingerprint of the hash it was checked against. */
export type Verified = { user: User; fingerprint: string };

/** Checks a username and password; undefined when they are wrong. `device`: sign-in only. */
export type VerifyCredentials = (
  username: string,
  password: string,
  address: string,
  device?: string,
) => Promise<Verified | undefined>;

export const throttled = (wait: number) =>
  new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${wait} seconds.` },
    { 'retry-after': String(wait) },
  );

/**
 * The password check shared by Basic and sign-in, behind the one throttle
 * (docs/decisions/api-choices.md). Undefined when the credentials are wrong. `device`: a valid
 * device cookie's id (sign-in only).
 */
export function credentialsVerifier(db: Db, throttle: FailedAttemptThrottle): VerifyCredentials {
  const users = usersRepository(db);
  return async (username, password, address, device) => {
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
  };
}

/**
 * The password step of POST /api/v1/session: throttled like Basic, except that a browser
 * that signed in as this username before is not slowed by others' guesses.
 */
export function passwordSignIn(
  db: Db,
  throttle: FailedAttemptThrottle,
  devices: DeviceCookies,
  verifyCredentials: VerifyCredentials,
) {
  return async (request: FastifyRequest, username: string, password: string) => {
    const device = devices.deviceOf(request, username);
    const wait = throttle.retryAfter(username, request.ip, device);
    if (wait > 0) throw throttled(wait);
    const user = (await verifyCredentials(username, password, request.ip, device))?.user;
    if (!user) throw unauthorized(request, INVALID_CREDENTIALS);
    if (!(await loadAccess(db, user.id))?.active) {
      throw unauthorized(request, INACTIVE_USER);
    }
    return user;
  };
}
