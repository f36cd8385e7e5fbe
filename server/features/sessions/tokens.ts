import { createHash, randomBytes } from 'node:crypto';

/** The session cookie (docs/architecture.md §4). HttpOnly, so no script of the page ever reads it. */
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
