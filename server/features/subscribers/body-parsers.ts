import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-errors.js';

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
  // it rather than storing it shortened.
  await app.register(multipart, {
    limits: { files: 10, fileSize: 64 * 1024, fields: 200, fieldSize: 64 * 1024, parts: 200 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        // A file part names no subscriber field: read and ignored, as unknown members are.
        if (part.type === 'file') {
          for await (const _chunk of part.file) {
            // drained
          }
          continue;
        }
        const previous = body[part.fieldname];
        body[part.fieldname] =
          previous === undefined
            ? part.value
            : [...(Array.isArray(previous) ? previous : [previous]), part.value];
      }
    } catch (error) {
      // Limits carry their own 4xx status; anything else is a body busboy could not read.
      if ((error as { statusCode?: number }).statusCode) throw error;
      throw new HttpError(400, {
        detail: `Multipart form parse error - ${(error as Error).message}`,
      });
    }
    request.body = body;
  });
}
