import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { listsRoutes } from './routes.js';

/**
 * Lists: the mailing lists and their sender defaults, under /api/v1. Nothing else of this
 * folder is imported from outside it (docs/architecture.md §2).
 */
export async function listsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(listsRoutes, { ...options, prefix: '/api/v1' });
}
