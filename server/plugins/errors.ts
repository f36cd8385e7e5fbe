import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError, RequestValidationError, issuesToDrf } from '../lib/http-errors.js';
import { isDashboardPath, isMessageLink, wantsSpa } from './spa.js';

/**
 * Every error leaves as a DRF-style body (docs/decisions/api-choices.md): 400 with field messages, 404/405
 * with `detail`, 5xx without internals. Unknown methods on known paths are 405 with Allow.
 */
export type ErrorsOptions = {
  /** Serve the SPA's index.html for a browser's GET of a dashboard path without a route. */
  spa: boolean;
  /**
   * The page a path under a message link's prefix answers when no route matches (sending's
   * "link not valid" page): given by app.ts, so this plugin knows no feature.
   */
  invalidLinkPage: string;
};

export const errorsPlugin = fp(async (app: FastifyInstance, options: ErrorsOptions) => {
  // A shadow router of every route, so the not-found handler can tell 404 from 405; it
  // matches as the app's router does (long tracking tokens included, see app.ts).
  const { ignoreTrailingSlash, ignoreDuplicateSlashes, maxParamLength } =
    app.initialConfig.routerOptions ?? {};
  const shadow = FindMyWay({ ignoreTrailingSlash, ignoreDuplicateSlashes, maxParamLength });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The SPA's catch-all (`GET /*`) answers every path for GET; it must not make an API or
    // media path that has no route "exist for GET" (POST /api/v1/nothing is 404, not 405).
    const catchAll = route.url === '/*';
    for (const method of methods) {
      if (method === 'HEAD') continue;
      try {
        shadow.on(method as never, route.url, () => undefined, { catchAll });
      } catch {
        // Same route registered twice under different prefixes: already known.
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (options.spa && wantsSpa(request.method, url)) {
      return reply.sendDashboard();
    }
    const served = isDashboardPath(url);
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => {
      if (m === request.method) return false;
      const found = shadow.find(m as never, url);
      return found !== null && (served || !(found.store as { catchAll: boolean }).catchAll);
    });
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ detail: `Method "${request.method}" not allowed.` });
    }
    if (isMessageLink(url)) {
      return reply
        .code(404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(options.invalidLinkPage);
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error instanceof RequestValidationError || error.validation) {
      const context = (error as { validationContext?: string }).validationContext;
      // A path parameter that is not an integer matches no resource, as in DRF's URL router.
      if (context === 'params') return reply.code(404).send({ detail: 'Not found.' });
      const body =
        error instanceof RequestValidationError
          ? issuesToDrf(error.issues)
          : { non_field_errors: [error.message] };
      return reply.code(400).send(body);
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    ) {
      return reply.code(error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : 400).send({
        detail:
          error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`
            : 'JSON parse error - the body is empty.',
      });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send({ detail: `JSON parse error - ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ detail: 'Request entity too large.' });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: 'The database cannot be reached right now. Try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
});
