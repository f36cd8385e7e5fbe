import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify parses them, except that a DELETE sent with
 * `Content-Type: application/json` and nothing after it has no body: the spec's DELETEs take
 * none, and clients that set the header on every request must still get their 204. Other
 * methods keep answering an empty JSON body with 400.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && String(body).trim() === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
});
