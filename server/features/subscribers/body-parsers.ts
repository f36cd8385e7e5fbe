import type { FastifyInstance } from 'fastify';

/**
 * Body parsing of the subscribers endpoints, scoped to them. A JSON request without a body
 * reads as no body: `activate` takes an optional one and clients often send
 * `Content-Type: application/json` with nothing after it (elsewhere that stays a 400).
 * Form-encoded bodies are accepted, as OPTIONS advertises in `parses`; values are strings.
 */
export function subscriberBodyParsers(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
