import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import {
  DASHBOARD_LOCALE_COOKIE,
  DASHBOARD_LOCALES,
  isDashboardLocale,
} from '../../contract/dashboard-locales.js';
import { negotiateLocale } from '../lib/locale.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The dashboard's page (index.html) in the language the visitor reads. */
    sendDashboard(): FastifyReply;
  }
}

/**
 * The dashboard's first paint speaks the visitor's language (issue 55): `<html lang>` from the
 * SPA's locale cookie, else `Accept-Language` among the dashboard's languages. The SPA reads
 * it before loading its messages, so even the sign-in screen needs no second guess.
 */
function pageLocale(request: FastifyRequest) {
  const chosen = request.cookies?.[DASHBOARD_LOCALE_COOKIE];
  if (isDashboardLocale(chosen)) return chosen;
  const negotiated = negotiateLocale(request.headers['accept-language'], DASHBOARD_LOCALES);
  return isDashboardLocale(negotiated) ? negotiated : 'en';
}

/** Serves the built SPA; deep links fall back to index.html (see errors plugin). */
export const spaPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const page = await readFile(path.join(options.distDir, 'index.html'), 'utf8');
  app.decorateReply('sendDashboard', function (this: FastifyReply) {
    const lang = pageLocale(this.request);
    return this.header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(page.replace(/<html\b[^>]*>/, `<html lang="${lang}">`));
  });
  app.get('/', { config: { public: true } }, (_request, reply) => reply.sendDashboard());
  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
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
