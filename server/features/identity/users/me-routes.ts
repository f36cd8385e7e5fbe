import type { FastifyInstance } from 'fastify';
import type { Me } from '../../../../contract/permissions.js';
import { notFound } from '../../../lib/http-errors.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { accountsRepository } from './accounts.js';
import { enrolment } from '../../../lib/route-access.js';

/** GET /api/v1/me (extension, issue 29): who the caller is and what it may do; the SPA's menus. */
export async function meRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const accounts = accountsRepository(db);
  app.get('/me', { config: { access: enrolment } }, async (request): Promise<Me> => {
    const account = await accounts.get(request.user.id);
    if (!account) throw notFound();
    return { ...account, permissions: [...request.access.permissions] };
  });
}
