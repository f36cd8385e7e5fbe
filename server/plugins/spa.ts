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

/**
 * The links in messages (click, open pixel, unsubscribe, opt-in: features/sending/links) and
 * sign-up forms (features/forms) and the preference centre (features/preferences): a visitor following a broken one gets a page saying so,
 * never the dashboard's sign-in.
 */
const MESSAGE_LINK_PREFIXES = ['/t/', '/u/', '/c/', '/f/', '/p/'];
/** Paths the dashboard never answers: the API, layout media and the links in messages. */
const NOT_DASHBOARD_PREFIXES = ['/api/', '/media/', ...MESSAGE_LINK_PREFIXES];

export const isMessageLink = (url: string) => MESSAGE_LINK_PREFIXES.some((p) => url.startsWith(p));

export const isDashboardPath = (url: string) =>
  !NOT_DASHBOARD_PREFIXES.some((p) => url.startsWith(p));

/** Whether a request that matched nothing should get the SPA's index.html. */
export const wantsSpa = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && isDashboardPath(url);
