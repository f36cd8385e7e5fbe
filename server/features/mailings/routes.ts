import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../routes.js';

// Endpoints of this resource are being built; nothing is registered yet.
export async function mailingsRoutes(_app: FastifyInstance, _options: RouteOptions) {}
