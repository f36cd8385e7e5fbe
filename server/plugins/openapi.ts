import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../lib/browser-sessions.js';
import { componentSchemas } from './openapi-bodies.js';
import { documentResponses, type Operation } from './openapi-responses.js';
import { webhookDocuments } from './openapi-webhooks.js';
import { operationKey, specOperations } from './spec-surface.js';
import { p } from '../lib/route-access.js';

const OPENAPI_PATH = '/api/v1/openapi.json';

type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
};

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Marks what the spec does not define: whole operations, and the query parameters of the
 * spec's operations it does not document, with `x-extension: true` (an OpenAPI
 * specification extension, which tools ignore unless they know it).
 */
function markExtensions<T extends Document>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      documentResponses(method, path, operation);
      const documented = specOperations[operationKey(method, path)];
      if (!documented) {
        operation['x-extension'] = true;
        continue;
      }
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query' && !documented.includes(parameter.name))
          (parameter as Record<string, unknown>)['x-extension'] = true;
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...componentSchemas },
  };
  document.webhooks = webhookDocuments();
  return document;
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (the type
 * provider's transform with @fastify/swagger), at /api/v1/openapi.json. Registered before
 * any route: @fastify/swagger collects them as they are added.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Subscriber List and Mailing Service API (Mailboard)',
        version: '1',
        description:
          "The service API as Mailboard's reference server implements it. Operations and " +
          'parameters the spec does not define are marked `x-extension: true`.',
      },
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ basic: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? markExtensions(documentObject.openapiObject as Document)
        : documentObject.swaggerObject,
  });
  app.get(OPENAPI_PATH, { config: { access: p() } }, async () => app.swagger());
});
