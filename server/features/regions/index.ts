import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { regionsRoutes } from './routes.js';

/** Regions: the catalogue a subscriber's region is chosen from, under /api/v1. */
export async function regionsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(regionsRoutes, { ...options, prefix: '/api/v1' });
}
