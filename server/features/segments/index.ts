import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { segmentsRoutes } from './routes.js';

// What other features use of segments (sending and automations pick their recipients by
// segment); nothing else of this folder is imported from outside it.
export { inAnySegment } from './membership.js';

/** Segments of a list: filters, live counts and members, under /api/v1. */
export async function segmentsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(segmentsRoutes, { ...options, prefix: '/api/v1' });
}
