import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/*
 * What a browser session is, for the two servers that keep one: identity's (rows in the
 * database) and proxy mode's (ProxySessions, in memory, server/plugins/upstream.ts). Both
 * answer the same path with the same cookie, so the dashboard cannot tell them apart.
 */

/** Where the dashboard signs in (POST), asks who it is (GET) and signs out (DELETE). */
export const SESSION_PATH = '/api/v1/session';

/** The sign-in body. */
export const credentials = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

/** The session cookie (docs/decisions/api-choices.md). HttpOnly, so no script of the page ever reads it. */
export const SESSION_COOKIE = 'mailboard_session';

// 32 random bytes (256 bits) in base64url: 43 characters.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newSessionToken = () => randomBytes(32).toString('base64url');

/** Only well-formed tokens are looked up; anything else is refused without a query. */
export const isWellFormedToken = (token: string | undefined): token is string =>
  token !== undefined && TOKEN.test(token);

/** What the database keeps: a copy of the table cannot be replayed as cookies. */
export const hashSessionToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

export type SessionLifetime = {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after sign-in, whatever the activity. */
  absoluteMs: number;
};

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
};
