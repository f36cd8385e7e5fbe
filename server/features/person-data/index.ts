import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { personDataRoutes } from './routes.js';

/**
 * A person's data (issue 53): export everything held about an address, or erase it for
 * good. Each kind of personal data is one source in `sources/` (source.ts says what a source
 * does); nothing here is imported by other features.
 */
export async function personDataPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(personDataRoutes, { ...options, prefix: '/api/v1' });
}
