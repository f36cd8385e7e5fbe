import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { assertActsOn } from '../access/ceiling.js';
import { notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import { sessionCookieOf } from '../../../plugins/browser-requests.js';
import { activeSessions, endAllSessions, endSession } from './devices.js';
import type { SessionLifetime } from '../../../lib/browser-sessions.js';
import { p, enrolment } from '../../../lib/route-access.js';

export type MeSessionRouteOptions = { db: Db; lifetime: SessionLifetime; now: () => number };

/**
 * Active sessions (extension, issue 29 part 6): the caller's own, ending one of them, and an
 * admin ending all of a user's (`DELETE /api/v1/users/{id}/sessions`). One's own sessions need no
 * permission; other users' are admin work.
 */
export async function meSessionRoutes(app: FastifyInstance, options: MeSessionRouteOptions) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/me/sessions', { config: { access: enrolment } }, async (request) =>
    activeSessions(
      db,
      request.user.id,
      request.authMethod === 'session' ? sessionCookieOf(request) : undefined,
      new Date(options.now()),
      options.lifetime,
    ),
  );

  api.delete(
    '/me/sessions/:id',
    { config: { access: enrolment }, schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      if (!(await endSession(db, request.user.id, request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );

  api.delete(
    '/users/:id/sessions',
    { config: { access: p('users:manage') }, schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      await assertActsOn(db, request.access, request.params.id);
      await endAllSessions(db, request.params.id);
      return reply.code(204).send();
    },
  );
}
