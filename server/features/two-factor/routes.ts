import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secondFactorCode } from '../../../contract/account.js';
import { HttpError } from '../../lib/http-errors.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { twoFactorRepository } from './repository.js';
import { newEnrolment } from './totp.js';

const codeBody = z.object({ code: secondFactorCode });
const wrongCode = () => new HttpError(400, { code: ['The code is not correct.'] });

/**
 * Two-factor sign-in (extension, issue 29 part 4): the caller's enrolment under
 * /me/two-factor, and the admin setting of which roles must use it.
 */
export async function twoFactorRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = twoFactorRepository(db);

  api.get('/me/two-factor', async (request) => ({
    enrolled: await repo.enrolled(request.user.id),
    required: await repo.required(request.user.id),
    recovery_codes_left: await repo.remainingRecoveryCodes(request.user.id),
  }));

  api.post('/me/two-factor', async (request, reply) => {
    if (await repo.enrolled(request.user.id)) {
      throw new HttpError(409, { detail: 'Two-factor sign-in is already on; turn it off first.' });
    }
    const enrolment = await newEnrolment(request.user.username);
    await repo.begin(request.user.id, enrolment.secret);
    return reply.code(201).send(enrolment);
  });

  api.post('/me/two-factor/confirm', { schema: { body: codeBody } }, async (request) => {
    const codes = await db.transaction((tx) =>
      twoFactorRepository(tx).confirm(request.user.id, request.body.code, new Date()),
    );
    if (!codes) throw wrongCode();
    return { recovery_codes: codes };
  });

  api.delete('/me/two-factor', { schema: { body: codeBody } }, async (request, reply) => {
    if (!(await repo.verify(request.user.id, request.body.code, new Date()))) throw wrongCode();
    await repo.disable(request.user.id);
    return reply.code(204).send();
  });

  const settings = z.object({
    required_roles: z.array(z.string().trim().min(1).max(100)).max(100),
  });
  api.get('/settings/two-factor', async () => ({ required_roles: await repo.requiredRoles() }));
  api.put('/settings/two-factor', { schema: { body: settings } }, async (request) => {
    const roles = [...new Set(request.body.required_roles)].sort();
    await db.transaction((tx) => twoFactorRepository(tx).setRequiredRoles(roles));
    return { required_roles: roles };
  });
}
