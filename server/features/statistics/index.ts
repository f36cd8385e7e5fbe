import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { statisticsRoutes } from './routes.js';

/** Statistics: opens, clicks, bounces and complaints with their series, under /api/v1. */
export async function statisticsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(statisticsRoutes, { ...options, prefix: '/api/v1' });
}
