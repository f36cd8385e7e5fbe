import type { RouteOptions } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Every JSON answer a test receives from /api/v1, checked against the OpenAPI document the
 * server serves (issue 54 step 8): the document a client generator trusts must describe what
 * the server really sends, errors included. The harness records answers through an `onRoute`
 * hook and checks them when the test file closes its app.
 */
type Document = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
};
type Response = { content?: Record<string, { schema?: unknown }> };
type Answer = { method: string; url: string; status: number; body: string };

const API = '/api/v1';
/** `/api/v1/lists/:id` as the document writes it: `/api/v1/lists/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function responseConformance() {
  const answers: Answer[] = [];
  const keys = new Set<string>();

  /** Adds a route-level onSend that keeps each JSON answer of the route (one per shape). */
  function onRoute(route: RouteOptions) {
    if (!route.url.startsWith(API)) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [
      ...own,
      async (request, reply, payload: unknown) => {
        const type = String(reply.getHeader('content-type') ?? '');
        if (type.startsWith('application/json') && typeof payload === 'string') {
          const answer = {
            method: request.method.toLowerCase(),
            url: route.url,
            status: reply.statusCode,
            body: payload,
          };
          // The same answer again adds nothing but time to the check.
          const key = `${answer.method} ${answer.url} ${answer.status} ${payload}`;
          if (!keys.has(key)) {
            keys.add(key);
            answers.push(answer);
          }
        }
        return payload;
      },
    ] as RouteOptions['onSend'];
  }

  /** What the document does not allow, one line per answer (empty: all conform). */
  function violations(documentOf: () => Document): string[] {
    // No answer, nothing to check (and an app never made ready has no document yet).
    if (answers.length === 0) return [];
    const document = documentOf();
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
    const compiled = new Map<string, ValidateFunction | null>();
    const problems: string[] = [];
    for (const answer of answers) {
      const path = documentPath(answer.url);
      const responses = document.paths[path]?.[answer.method]?.responses;
      if (!responses) continue; // Undocumented routes: openapi-statuses.test.ts's concern.
      const status = String(answer.status);
      const key = responses[status] ? status : responses.default ? 'default' : undefined;
      const schema = key && responses[key]?.content?.['application/json']?.schema;
      if (!key || !schema) continue;
      const ref = `openapi#/${pointer('paths', path, answer.method, 'responses', key)}/content/application~1json/schema`;
      let validate = compiled.get(ref);
      if (validate === undefined) {
        validate = ajv.getSchema(ref) ?? null;
        compiled.set(ref, validate);
      }
      if (!validate || validate(JSON.parse(answer.body))) continue;
      const [first] = validate.errors ?? [];
      problems.push(
        `${answer.method.toUpperCase()} ${path} ${status}: ${first?.instancePath || '/'} ${first?.message ?? ''} in ${answer.body.slice(0, 300)}`,
      );
    }
    return problems;
  }

  return { onRoute, violations };
}
