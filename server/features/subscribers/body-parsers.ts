import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Body parsing of the subscribers endpoints, scoped to them. A JSON request without a body
 * reads as no body: `activate` takes an optional one and clients often send
 * `Content-Type: application/json` with nothing after it (elsewhere that stays a 400).
 * Form-encoded and multipart bodies are accepted, as OPTIONS advertises in `parses`; their
 * values are strings (a repeated name gives a list, which validation refuses).
 */
export async function subscriberBodyParsers(app: FastifyInstance) {
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
  // A subscriber is a few short fields. busboy cuts a longer value silently; at 64 KB a cut
  // value still holds more characters than any field allows (10,000), so validation refuses
  // it rather than storing it shortened. A file part names no subscriber field: it is read
  // and ignored, as unknown members are.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: async (part) => {
      for await (const _chunk of part.file) {
        // drained
      }
    },
    limits: { files: 10, fileSize: 64 * 1024, fields: 200, fieldSize: 64 * 1024, parts: 200 },
  });
}
