import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

type Operation = {
  'x-extension'?: boolean;
  parameters?: {
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: unknown;
    'x-extension'?: boolean;
  }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestContext;
const routes: RouteOptions[] = [];
let document: Document;

beforeAll(async () => {
  // Every route any feature adds, as Fastify adds it: routes added later are checked too.
  t = await createTestContext({ onRoute: (route) => routes.push(route) });
  const res = await t.get('/api/v1/openapi.json');
  expect(res.statusCode).toBe(200);
  document = res.json() as Document;
});
afterAll(() => t.close());

/** Fastify's `/lists/:list_id/subscribers/:id` as OpenAPI writes it; a wildcard as `{*}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every registered route', () => {
    const absent = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .map((method) => String(method).toLowerCase())
        // Fastify adds a HEAD route to each GET by itself; the GET documents both.
        .filter((method) => method !== 'head')
        .filter((method) => !document.paths[openapiPath(route.url)]?.[method])
        .map((method) => `${method.toUpperCase()} ${route.url}`),
    );
    expect(absent).toEqual([]);
    // The hook saw the API (and more than a handful of routes).
    expect(routes.map((r) => r.url)).toContain('/api/v1/lists/:list_id/subscribers/:id');
    expect(routes.length).toBeGreaterThan(30);
  });

  it("marks operations the spec does not define, and keeps the spec's own unmarked", () => {
    expect(document.paths['/api/v1/lists']!.get!['x-extension']).toBeUndefined();
    expect(document.paths['/api/v1/lists/{list_id}/imports']!.post!['x-extension']).toBeUndefined();
    expect(document.paths['/api/v1/mailings/{id}']!.get!['x-extension']).toBe(true);
    expect(document.paths['/api/v1/openapi.json']!.get!['x-extension']).toBe(true);
  });

  it('marks query parameters the spec does not document on its own operations', () => {
    const parameters = document.paths['/api/v1/lists/{list_id}/subscribers']!.get!.parameters!;
    const marked = (name: string) => parameters.find((p) => p.name === name)?.['x-extension'];
    expect(marked('email')).toBeUndefined();
    expect(marked('subscription')).toBeUndefined();
    expect(marked('page_size')).toBe(true);
  });

  it('describes the query parameters shared code reads (pagination, positions)', () => {
    const parameters = document.paths['/api/v1/lists/{list_id}/subscribers']!.get!.parameters!;
    const query = Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]),
    );
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['page', 'page_size', 'after']));
    expect(query.page_size).toMatchObject({
      required: false,
      schema: { type: 'string' },
      description: expect.stringContaining('1–1000'),
    });
    expect(query.after).toMatchObject({ 'x-extension': true, schema: { type: 'string' } });
  });

  it('describes request bodies from the same zod schemas the routes validate with', () => {
    const body = document.paths['/api/v1/lists']!.post!.requestBody!;
    expect(Object.keys(body.content['application/json']!.schema.properties!)).toContain('name');
  });

  it('answers 401 without credentials, like the rest of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(401);
  });
});
