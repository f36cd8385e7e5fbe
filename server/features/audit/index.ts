import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { auditRoutes } from './routes.js';

/**
 * The audit log (issue 29 part 7) in two registrations, because its hooks must cover every
 * route while its own routes are one feature among the others: `auditTrail` (hooks that
 * record each write, registered before any route) and `auditPlugin` (the log's API).
 */
export { auditTrail } from './trail.js';

/** The audit log's API under /api/v1. */
export async function auditPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(auditRoutes, { ...options, prefix: '/api/v1' });
}
