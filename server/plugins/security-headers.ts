import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-paths.js';

/**
 * The dashboard's Content-Security-Policy (docs/architecture.md §4). Scripts only from this origin (no
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

/**
 * Layout images under /media: public and embedded by mail clients on other origins
 * (Cross-Origin-Resource-Policy: cross-origin), but a file opened there can run nothing.
 */
export const MEDIA_HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

const HSTS = 'max-age=31536000';

/**
 * Security headers on every response through @fastify/helmet, plus what depends on the
 * request: HSTS only over https (TRUST_PROXY honoured; over http browsers ignore it and
 * it would only mislead), and `Cache-Control: no-store` on every /api/ answer (data,
 * errors and 401s alike), so no cache between here and the browser keeps subscriber data.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: DASHBOARD_CSP },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
});
