import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { isWellFormedToken, SESSION_PATH } from '../../../lib/browser-sessions.js';
import { isApiPath } from '../../../plugins/api-paths.js';
import {
  assertNotCrossSite,
  clearSessionCookie,
  INACTIVE_USER,
  INVALID_SESSION,
  sessionCookieOf,
  unauthorized,
} from '../../../plugins/browser-requests.js';
import { loadAccess, type Access } from '../access/access.js';
import type { sessionsRepository } from '../sessions/repository.js';
import type { User } from '../users/repository.js';
import type { basicCallers } from './basic-callers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every /api/ request that gets past the auth hook. */
    user: User;
    /** How the caller proved who it is: HTTP Basic (API clients) or the dashboard's cookie. */
    /** `token`: Basic with an API token as the password. */
    authMethod: 'basic' | 'token' | 'session';
  }
}

export type RequestHookOptions = {
  db: Db;
  sessions: ReturnType<typeof sessionsRepository>;
  basicCaller: ReturnType<typeof basicCallers>;
  now: () => number;
};

/**
 * Authentication on every /api/ route (spec: Authentication): HTTP Basic, or the session
 * cookie the dashboard got from POST /api/v1/session (docs/decisions/api-choices.md). Basic wins
 * when both come. Sets `request.user`, `authMethod` and `access`, or answers 401.
 */
export function authenticateRequests(app: FastifyInstance, options: RequestHookOptions) {
  const { sessions, basicCaller, now } = options;

  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('authMethod', null as unknown as 'basic');
  app.decorateRequest('access', null as unknown as Access);

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
    if (!isApiRequest(request) || isSignIn(request)) return;
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
}

/** Routes that declare `config: { public: true }` (server/lib/route-access.ts). */
const isPublicRoute = (request: FastifyRequest) =>
  !request.is404 && request.routeOptions.config.public === true;

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
