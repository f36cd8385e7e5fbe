import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { User } from '../users/repository.js';
import {
  assertNotCrossSite,
  clearSessionCookie,
  INVALID_CREDENTIALS,
  sessionCookieOf,
  setSessionCookie,
  unauthorized,
} from '../../../plugins/browser-requests.js';
import type {} from './device-cookies.js';
import type { sessionsRepository } from '../sessions/repository.js';
import {
  credentials,
  isWellFormedToken,
  newSessionToken,
  SESSION_PATH,
} from '../../../lib/browser-sessions.js';
import { enrolment } from '../../../lib/route-access.js';

export type SessionRouteOptions = {
  sessions: ReturnType<typeof sessionsRepository>;
  now: () => number;
  /** The throttled password check (credentials.ts `passwordSignIn`); throws its 401/429. */
  signIn(request: FastifyRequest, username: string, password: string): Promise<User>;
  /**
   * After a right password (two-factor sign-in, issue 29 part 4): an answer that asks for a
   * code instead of a session, or what to add to the session's answer (`two_factor: 'enrol'`).
   */
  afterPassword?(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
  ): Promise<{ challenge: object } | { extra: object }>;
};

/** Starts a browser session for `user`: the row (with the device), then the cookie. */
export async function openSession(
  options: Pick<SessionRouteOptions, 'sessions' | 'now'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
) {
  const token = newSessionToken();
  await options.sessions.create(user.id, token, new Date(options.now()), {
    userAgent: request.headers['user-agent'] ?? '',
    address: request.ip,
  });
  setSessionCookie(request, reply, token);
  // This browser is now known for this username: its sign-ins skip others' back-off.
  request.server.deviceCookies.issue(request, reply, user.username);
  // The audit log names who signed in (the auth hook skips this route).
  request.user = user;
}

/**
 * Browser sessions (extension, docs/decisions/api-choices.md): POST exchanges a username and password for the
 * HttpOnly cookie, GET says who is signed in, DELETE signs out (on every replica at once).
 * GET and DELETE pass the auth hook like any route; POST is the one /api/ route it skips.
 */
export async function sessionRoutes(app: FastifyInstance, options: SessionRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    SESSION_PATH,
    { config: { public: true }, schema: { body: credentials } },
    async (request, reply) => {
      // A login forged by another site would sign the victim into the forger's account.
      assertNotCrossSite(request);
      const { username, password } = request.body;
      // What a Basic header could not carry is refused the same way, before any work.
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(username + password))
        throw unauthorized(request, INVALID_CREDENTIALS);
      const user = await options.signIn(request, username, password);
      const step = await options.afterPassword?.(request, reply, user);
      if (step && 'challenge' in step) return reply.code(200).send(step.challenge);
      await openSession(options, request, reply, user);
      return reply.code(201).send({ username: user.username, ...(step?.extra ?? {}) });
    },
  );

  // `two_factor: 'enrol'` as after signing in: the role requires it and it is not set up yet.
  api.get(SESSION_PATH, { config: { access: enrolment } }, async (request) => ({
    username: request.user.username,
    ...(request.access.mustEnrolTwoFactor ? { two_factor: 'enrol' as const } : {}),
  }));

  api.delete(SESSION_PATH, { config: { access: enrolment } }, async (request, reply) => {
    const token = sessionCookieOf(request);
    if (isWellFormedToken(token)) await options.sessions.revoke(token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
