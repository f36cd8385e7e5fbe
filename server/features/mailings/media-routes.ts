import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../routes.js';

// Public layout images (/media/layouts/{id}/{file}) are being built; nothing is registered yet.
export async function layoutMediaRoutes(_app: FastifyInstance, _options: RouteOptions) {}
