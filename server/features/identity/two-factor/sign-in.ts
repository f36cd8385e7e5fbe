import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { secondFactorCode } from '../../../../contract/account.js';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-errors.js';
import { assertNotCrossSite } from '../../../plugins/browser-requests.js';
import { userTokensRepository } from '../links/user-tokens.js';
import { SESSION_PATH } from '../../../lib/browser-sessions.js';
import { openSession, type SessionRouteOptions } from '../sign-in/session-routes.js';
import type { User } from '../users/repository.js';
import { secondFactorGuard } from './guard.js';
import { twoFactorRepository } from './repository.js';

/** The HttpOnly cookie holding the sign-in challenge between the password and the code. */
const CHALLENGE_COOKIE = 'mailboard_sign_in';
const CHALLENGE_PATH = `${SESSION_PATH}/two-factor`;
const CHALLENGE_TTL_MS = 5 * 60_000;

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: CHALLENGE_PATH,
  secure: request.protocol === 'https',
});

const challengeGone = () =>
  new HttpError(401, { detail: 'The sign-in has expired. Enter your password again.' });

/**
 * The step after a right password (sign-in/session-routes.ts `afterPassword`): an enrolled user gets
 * a challenge (a single-use token in an HttpOnly cookie, 5 minutes) instead of a
 * session; a user whose role requires two-factor but who is not enrolled gets a session and
 * `two_factor: 'enrol'`, which sends the dashboard to enrolment.
 */
export function secondFactorStep(db: Db, now: () => number) {
  const repo = twoFactorRepository(db);
  return async (request: FastifyRequest, reply: FastifyReply, user: User) => {
    if (await repo.enrolled(user.id)) {
      const { token } = await userTokensRepository(db).issue(
        'challenge',
        user.id,
        CHALLENGE_TTL_MS,
        new Date(now()),
      );
      reply.setCookie(CHALLENGE_COOKIE, token, cookieOptions(request));
      return { challenge: { two_factor: 'code' } };
    }
    return { extra: (await repo.required(user.id)) ? { two_factor: 'enrol' } : {} };
  };
}

/**
 * POST /api/v1/session/two-factor `{code}`: the second step of sign-in (public route). Codes
 * are limited per user, not per challenge (guard.ts): a new challenge resets nothing.
 */
export async function secondFactorRoutes(
  app: FastifyInstance,
  options: Pick<SessionRouteOptions, 'sessions' | 'now'> & { db: Db },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tokens = userTokensRepository(options.db);
  const repo = twoFactorRepository(options.db);
  const attempt = secondFactorGuard(app, options.db);

  api.post(
    CHALLENGE_PATH,
    {
      schema: {
        description:
          'The code step of sign-in. Wrong codes count per user across challenges: after five ' +
          'in a row each attempt waits a doubling delay (429 with Retry-After, also for a ' +
          'right code), and the user is mailed a notice.',
        body: z.object({ code: secondFactorCode }),
      },
      config: { public: true },
    },
    async (request, reply) => {
      assertNotCrossSite(request);
      const token = request.cookies[CHALLENGE_COOKIE];
      const now = new Date(options.now());
      const challenge = token ? await tokens.peek('challenge', token, now) : undefined;
      if (!token || !challenge) throw challengeGone();
      await attempt(request, challenge.userId, now, async () =>
        (await repo.verify(challenge.userId, request.body.code, now)) ? undefined : 'code',
      );
      if (!(await tokens.consume('challenge', token, now))) throw challengeGone();
      const [user] = await options.db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.id, challenge.userId));
      if (!user) throw challengeGone();
      reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
      await openSession(options, request, reply, user);
      return reply.code(201).send({ username: user.username });
    },
  );
}
