import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built SPA; deep links fall back to index.html (see errors plugin). */
export const spaPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  await app.register(fastifyStatic, {
    root: options.distDir,
    index: ['index.html'],
    wildcard: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so it can be cached for good; the
      // entry page must be revalidated to pick up a new build.
      reply.header(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});

/** Whether a request that matched nothing should get the SPA's index.html. */
export const wantsSpa = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/media/');
