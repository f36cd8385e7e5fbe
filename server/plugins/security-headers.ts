import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { isApiPath } from './api-paths.js';

/**
 * The dashboard's Content-Security-Policy (docs/decisions/api-choices.md). Scripts only from this origin (no
 * inline, no eval: the SPA tells zod to run without `new Function`, src/app/zod-config.ts).
 * - `style-src 'unsafe-inline'`: Mantine writes `<style>` elements at run time (its CSS
 *   variables and the responsive style props of components), whose content depends on the
 *   theme and the colour scheme, so no hash can name them; and a nonce would have to be
 *   printed into index.html per response and handed to Mantine. Styles cannot run code.
 * - `img-src data:`: the composer's layout preview is an `<iframe sandbox srcdoc>`, which
 *   inherits this policy; it shows a zip's images as data: URLs and its layouts' inline
 *   styles (its own meta CSP narrows things further, preview-document.ts). No blob: needed.
 * - Workers (CSV check, zip building) are files of the build: `worker-src 'self'`.
 */
export const DASHBOARD_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** The headers of every response but public media. */
const DASHBOARD_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: DASHBOARD_CSP },
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
};

/**
 * Layout images under /media: public and embedded by mail clients on other origins
 * (Cross-Origin-Resource-Policy: cross-origin), but a file opened there can run nothing.
 */
const MEDIA_HELMET: HelmetOptions = {
  ...DASHBOARD_HELMET,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served with {@link MEDIA_HELMET}'s headers (set through {@link MEDIA_ROUTE}). */
    publicMedia?: boolean;
  }
}

/** Route options of a route serving public media: `{ schema, ...MEDIA_ROUTE }`. */
export const MEDIA_ROUTE = { config: { publicMedia: true } };

const HSTS = 'max-age=31536000';

/**
 * Security headers on every response through helmet, plus what depends on the request:
 * HSTS only over https (TRUST_PROXY honoured; over http browsers ignore it and it would only
 * mislead), and `Cache-Control: no-store` on every /api/ answer (data, errors and 401s
 * alike), so no cache between here and the browser keeps subscriber data. Each helmet is
 * built once: @fastify/helmet built one per request, parsing the policy every time.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const dashboard = helmet(DASHBOARD_HELMET);
  const media = helmet(MEDIA_HELMET);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config.publicMedia ? media : dashboard;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
});
