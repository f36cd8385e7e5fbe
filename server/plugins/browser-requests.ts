import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.js';
import { SESSION_COOKIE } from '../lib/browser-sessions.js';
import { DASHBOARD_HEADER } from '../../contract/dashboard-client.js';

/**
 * The header only the dashboard sends (contract/dashboard-client.ts), on every request. It
 * does two jobs (docs/decisions/api-choices.md):
 * - CSRF defence: another site can make a browser send the session cookie (SameSite=Strict
 *   already stops that in current browsers), but it cannot add a custom header without a
 *   CORS preflight, which this server never grants. Cookie-authenticated writes without it
 *   are refused, as are writes a browser labels cross-site (`Sec-Fetch-Site`).
 * - No browser credentials dialog: a 401 carrying `WWW-Authenticate: Basic` makes the
 *   browser prompt, even for fetch and XHR. Requests with this header get a challenge
 *   of a scheme browsers do not prompt for; API clients still get the spec's Basic one.
 */

export const fromDashboard = (request: FastifyRequest) =>
  request.headers[DASHBOARD_HEADER] !== undefined;

const BASIC_CHALLENGE = 'Basic realm="api"';
// Any scheme but Basic/Digest/NTLM/Negotiate keeps the browser from prompting; RFC 9110
// still wants a challenge on every 401.
const DASHBOARD_CHALLENGE = 'Session realm="api"';

export const challengeFor = (request: FastifyRequest) => ({
  'www-authenticate': fromDashboard(request) ? DASHBOARD_CHALLENGE : BASIC_CHALLENGE,
});

/** A 401 with the body of docs/decisions/api-choices.md and the challenge this client should get. */
export const unauthorized = (request: FastifyRequest, detail: string) =>
  new HttpError(401, { detail }, challengeFor(request));

export const INVALID_CREDENTIALS = 'Invalid username/password.';
export const MISSING_CREDENTIALS = 'Authentication credentials were not provided.';
export const INVALID_SESSION = 'Invalid or expired session.';
/** Django REST framework's words for a deactivated (or removed) user. */
export const INACTIVE_USER = 'User inactive or deleted.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403, as Django REST framework does) a request that would change state with the
 * session cookie, or start a session, unless the dashboard sent it from this origin.
 */
export function assertNotCrossSite(request: FastifyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (!fromDashboard(request) || (site !== undefined && site !== 'same-origin')) {
    throw new HttpError(403, {
      detail: 'CSRF Failed: the request did not come from the dashboard on this site.',
    });
  }
}

export const sessionCookieOf = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE];

/**
 * HttpOnly (no script reads it), SameSite=Strict, the whole site, Secure over https (as
 * the request arrived, TRUST_PROXY honoured). No Max-Age: the browser drops it when it
 * closes; the server ends it earlier on idleness or age.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The session cookie's attributes, shared by the other cookies the sign-in sets. */
export const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/',
  secure: request.protocol === 'https',
});
