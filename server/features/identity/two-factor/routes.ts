import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { disableTwoFactorBody, secondFactorCode } from '../../../../contract/account.js';
import { users } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-errors.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { sessionCookieOf } from '../../../plugins/browser-requests.js';
import { endOtherSessions } from '../sessions/repository.js';
import { verifyPassword } from '../sign-in/password.js';
import { secondFactorGuard } from './guard.js';
import { twoFactorRepository } from './repository.js';
import { newEnrolment } from './totp.js';
import { p, enrolment } from '../../../lib/route-access.js';

const codeBody = z.object({ code: secondFactorCode });
const wrongCode = () => new HttpError(400, { code: ['The code is not correct.'] });

/** The session the caller asks with, which stays open when its other sessions end. */
const currentSession = (request: FastifyRequest) =>
  request.authMethod === 'session' ? sessionCookieOf(request) : undefined;

/**
 * Two-factor sign-in (extension, issue 29 part 4): the caller's enrolment under
 * /me/two-factor, and the admin setting of which roles must use it. Turning it on or off
 * ends the caller's other sessions (issue 49): they were opened under the old rule.
 */
export async function twoFactorRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = twoFactorRepository(db);
  const attempt = secondFactorGuard(app, db);

  const passwordIsRight = async (userId: number, password: string) => {
    const [user] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    return user?.hash ? verifyPassword(password, user.hash) : false;
  };

  api.get('/me/two-factor', { config: { access: enrolment } }, async (request) => ({
    enrolled: await repo.enrolled(request.user.id),
    required: await repo.required(request.user.id),
    recovery_codes_left: await repo.remainingRecoveryCodes(request.user.id),
  }));

  api.post('/me/two-factor', { config: { access: enrolment } }, async (request, reply) => {
    if (await repo.enrolled(request.user.id)) {
      throw new HttpError(409, { detail: 'Two-factor sign-in is already on; turn it off first.' });
    }
    const enrolment = await newEnrolment(request.user.username);
    await repo.begin(request.user.id, enrolment.secret);
    return reply.code(201).send(enrolment);
  });

  api.post(
    '/me/two-factor/confirm',
    { config: { access: enrolment }, schema: { body: codeBody } },
    async (request) => {
      const codes = await db.transaction(async (tx) => {
        const confirmed = await twoFactorRepository(tx).confirm(
          request.user.id,
          request.body.code,
          new Date(),
        );
        if (confirmed) await endOtherSessions(tx, request.user.id, currentSession(request));
        return confirmed;
      });
      if (!codes) throw wrongCode();
      return { recovery_codes: codes };
    },
  );

  // The password and a code, under the same per-user limit as sign-in (guard.ts): wrong
  // passwords count too. The code is checked only after the password, so a guess never
  // uses up a right code.
  api.delete(
    '/me/two-factor',
    {
      config: { access: p() },
      schema: {
        description:
          'Turns two-factor sign-in off: needs the password and a code. Wrong passwords and ' +
          'codes count per user with those of sign-in: after five in a row each attempt waits ' +
          '(429 with Retry-After, also for a right answer), and the other sessions end on success.',
        body: disableTwoFactorBody,
      },
    },
    async (request, reply) => {
      const { id } = request.user;
      const now = new Date();
      await attempt(request, id, now, async () => {
        if (!(await passwordIsRight(id, request.body.password))) return 'password';
        return (await repo.verify(id, request.body.code, now)) ? undefined : 'code';
      });
      await db.transaction(async (tx) => {
        await twoFactorRepository(tx).disable(id);
        await endOtherSessions(tx, id, currentSession(request));
      });
      return reply.code(204).send();
    },
  );

  const settings = z.object({
    required_roles: z.array(z.string().trim().min(1).max(100)).max(100),
  });
  api.get('/settings/two-factor', { config: { access: p('settings:manage') } }, async () => ({
    required_roles: await repo.requiredRoles(),
  }));
  api.put(
    '/settings/two-factor',
    { config: { access: p('settings:manage') }, schema: { body: settings } },
    async (request) => {
      const roles = [...new Set(request.body.required_roles)].sort();
      await db.transaction((tx) => twoFactorRepository(tx).setRequiredRoles(roles));
      return { required_roles: roles };
    },
  );
}
