import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meUpdate, type Me } from '../../../../contract/permissions.js';
import { notFound } from '../../../lib/http-errors.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { accountsRepository } from './accounts.js';
import { enrolment } from '../../../lib/route-access.js';
import { browserLocale, saveLocale, savedLocale } from './locale.js';

/**
 * GET /api/v1/me (extension, issue 29): who the caller is and what it may do; the SPA's menus.
 * PATCH /api/v1/me (issue 55): what a user changes about themselves, today the dashboard's
 * language (`locale`; GET answers the saved one, else the browser's).
 */
export async function meRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = accountsRepository(db);

  async function meOf(request: FastifyRequest): Promise<Me> {
    const account = await accounts.get(request.user.id);
    if (!account) throw notFound();
    const locale = (await savedLocale(db, request.user.id)) ?? browserLocale(request);
    return { ...account, permissions: [...request.access.permissions], locale };
  }

  api.get('/me', { config: { access: enrolment } }, meOf);

  api.patch(
    '/me',
    { config: { access: enrolment }, schema: { body: meUpdate } },
    async (request) => {
      await saveLocale(db, request.user.id, request.body.locale);
      return meOf(request);
    },
  );
}
