import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { languagesRoutes } from './routes.js';

/** Languages: the catalogue a list's and a subscriber's language is chosen from, under /api/v1. */
export async function languagesPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(languagesRoutes, { ...options, prefix: '/api/v1' });
}
