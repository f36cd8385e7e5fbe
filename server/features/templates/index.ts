import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { templatesRoutes } from './routes.js';

/** Templates: a list's own and the global ones, under /api/v1 (docs/decisions/block-editor.md). */
export async function templatesPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(templatesRoutes, { ...options, prefix: '/api/v1' });
}
