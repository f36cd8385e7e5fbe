import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../lib/route-options.js';
import { listsRoutes } from './lists/routes.js';
import { subscribersRoutes } from './subscribers/routes.js';
import { fieldsRoutes } from './fields/routes.js';
import { regionsRoutes } from './regions/routes.js';
import { languagesRoutes } from './languages/routes.js';
import { mailingsRoutes } from './mailings/routes.js';
import { layoutMediaRoutes } from './mailings/media-routes.js';
import { layoutRoutes } from './mailings/layout-routes.js';
import { templatesRoutes } from './templates/routes.js';
import { importsRoutes } from './imports/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { segmentsRoutes } from './segments/routes.js';
import { campaignsRoutes } from './campaigns/routes.js';
import { auditRoutes } from './audit/routes.js';

/**
 * Every resource of the API under /api/v1 but identity's (its own plugin), plus the public
 * layout media.
 */
export async function apiRoutes(app: FastifyInstance, options: RouteOptions) {
  await app.register(
    async (api) => {
      await api.register(listsRoutes, options);
      await api.register(subscribersRoutes, options);
      await api.register(fieldsRoutes, options);
      await api.register(regionsRoutes, options);
      await api.register(languagesRoutes, options);
      await api.register(mailingsRoutes, options);
      await api.register(layoutRoutes, options);
      await api.register(templatesRoutes, options);
      await api.register(importsRoutes, options);
      await api.register(statisticsRoutes, options);
      await api.register(segmentsRoutes, options);
      await api.register(campaignsRoutes, options);
      // Issue 29 part 7: the audit log.
      await api.register(auditRoutes, options);
    },
    { prefix: '/api/v1' },
  );
  await app.register(layoutMediaRoutes, options);
}
