import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { fieldsRoutes } from './routes.js';

// What other features use of custom fields (subscribers, segments and automations read a
// list's fields); nothing else of this folder is imported from outside it.
export { fieldsRepository, type FieldRow } from './repository.js';

/** Custom fields, shared by every list or owned by one, under /api/v1. */
export async function fieldsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(fieldsRoutes, { ...options, prefix: '/api/v1' });
}
