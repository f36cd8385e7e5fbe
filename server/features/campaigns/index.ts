import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { campaignsRoutes } from './routes.js';

/** Campaigns (extension, docs/decisions/api-choices.md), under /api/v1. */
export async function campaignsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(campaignsRoutes, { ...options, prefix: '/api/v1' });
}
