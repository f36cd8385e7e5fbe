import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSendingOptions } from '../features/sending/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * Walks every route of the server with representative requests (no credentials, unknown and
 * malformed ids, empty and invalid bodies, the happy paths of the main resources, an
 * oversized body, a throttled client), records each answer's (method, route, status) as
 * Fastify routes it, and every query parameter a handler reads, and fails when the OpenAPI
 * document does not list that status or that parameter for that operation (issue 32).
 */
type Responses = Record<string, unknown>;
type Operation = { responses?: Responses; parameters?: { in: string; name: string }[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const BOUNCE_TOKEN = 'bounce-token-of-the-walk';
let t: TestContext;
const routes: RouteOptions[] = [];
const seen = new Set<string>();
const read = new Set<string>();
let document: Document;

/**
 * What a handler reads of `request.query` (validated by the route's schema, or the raw
 * parse when it has none), by name; shared code reads it too (server/lib/pagination.ts).
 */
const recording = (query: unknown, route: string) =>
  typeof query !== 'object' || query === null
    ? query
    : new Proxy(query, {
        get(target, key, receiver) {
          if (typeof key === 'string' && key !== 'toJSON') read.add(`${route} ${key}`);
          return Reflect.get(target, key, receiver) as unknown;
        },
        has(target, key) {
          if (typeof key === 'string') read.add(`${route} ${key}`);
          return Reflect.has(target, key);
        },
      });

beforeAll(async () => {
  t = await createTestContext({
    sending: { ...defaultSendingOptions, bounceWebhookToken: BOUNCE_TOKEN },
    onRoute: (route) => {
      routes.push(route);
      const own = route.onResponse ? [route.onResponse].flat() : [];
      route.onResponse = [
        ...own,
        async (request, reply) => {
          seen.add(`${request.method.toLowerCase()} ${route.url} ${reply.statusCode}`);
        },
      ] as RouteOptions['onResponse'];
      // The route's own preHandlers run after the app's (auth) and after validation.
      const before = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        async (request) => {
          request.query = recording(request.query, `${request.method.toLowerCase()} ${route.url}`);
        },
        ...before,
      ] as RouteOptions['preHandler'];
    },
  });
  document = (await t.get('/api/v1/openapi.json')).json<Document>();
});
afterAll(() => t.close());

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const fill = (url: string, value: string) => url.replace(/:(\w+)/g, value).replace(/\*$/, 'x');
const methodsOf = (route: RouteOptions) =>
  [route.method]
    .flat()
    .map((m) => String(m).toUpperCase())
    .filter((m) => m !== 'HEAD');

async function walk(
  value: string,
  withAuth: boolean,
  body?: unknown,
  only?: (m: string) => boolean,
) {
  for (const route of routes)
    for (const method of methodsOf(route).filter(only ?? (() => true))) {
      const url = fill(route.url, value);
      const payload = method === 'GET' || method === 'OPTIONS' ? undefined : body;
      const options = {
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      };
      await (withAuth ? t.request(options) : t.app.inject(options));
    }
}

/** Every route, with and without credentials, failing and succeeding. */
async function walkEverything() {
  await walk('1', false);
  await walk('999999', true, {});
  await walk('abc', true, { unknown: 1 });
  // Page past the end; handlers reached only with a required parameter or a token.
  await t.get('/api/v1/lists?page=99');
  for (const kind of ['opens', 'clicks', 'bounces', 'complaints'])
    await t.get(`/api/v1/statistics/${kind}/series?interval=day`);
  const bounce = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bounces?envelope_to=bounces%2Bx@acme.example',
    headers: { authorization: `Bearer ${BOUNCE_TOKEN}`, 'content-type': 'application/json' },
    payload: { email: 'ada@example.org', hard: true },
  });
  expect(bounce.statusCode).toBe(200);

  // Happy paths of the spec's main resources and of webhooks.
  const list = await t.post('/api/v1/lists', {
    name: 'News',
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
  });
  expect(list.statusCode).toBe(201);
  const subs = `/api/v1/lists/${list.json<{ id: number }>().id}/subscribers`;
  const sub = await t.post(subs, { email: 'ada@example.org' });
  expect(sub.statusCode).toBe(201);
  expect((await t.post(subs, { email: 'ADA@example.org' })).statusCode).toBe(409);
  const hook = await t.post('/api/v1/webhooks', {
    url: 'https://crm.example/h',
    events: ['subscriber.created'],
  });
  expect(hook.statusCode).toBe(201);
  await walk('1', true, {}, (m) => m !== 'DELETE');
  await t.post(`${subs}/1/activate`);
  await t.post('/api/v1/webhooks/1/test');
  expect((await t.delete(`${subs}/1`)).statusCode).toBe(204);
  await walk('1', true, undefined, (m) => m === 'DELETE');

  // Too large a body; a client throttled after failed sign-ins.
  const big = await t.request({
    method: 'POST',
    url: '/api/v1/lists',
    headers: { 'content-type': 'application/json' },
    payload: `{"name": "${'x'.repeat(17 * 1024 * 1024)}"}`,
  });
  expect(big.statusCode).toBe(413);
  let throttled = false;
  for (let i = 0; i < 100 && !throttled; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      headers: {
        authorization: `Basic ${Buffer.from('x@example.org:wrong').toString('base64')}`,
      },
    });
    throttled = res.statusCode === 429;
  }
  expect(throttled).toBe(true);
}

describe('the OpenAPI document', () => {
  beforeAll(walkEverything, 120_000);

  it('lists every status a route answers', () => {
    const statuses = new Set([...seen].map((s) => s.split(' ')[2]));
    for (const s of ['200', '201', '204', '400', '401', '404', '409', '413', '429'])
      expect(statuses).toContain(s);
    const undocumented = [...seen].filter((entry) => {
      const [method, url, status] = entry.split(' ') as [string, string, string];
      const operation = document.paths[openapiPath(url)]?.[method];
      // Routes the document leaves out are openapi.test.ts's concern.
      return operation !== undefined && !operation.responses?.[status];
    });
    expect(undocumented.sort()).toEqual([]);
  });

  it('declares every query parameter a handler reads', () => {
    const names = new Set([...read].map((r) => r.split(' ')[2]));
    // The walk reached handlers that read the spec's parameters and shared pagination.
    for (const name of ['page', 'page_size', 'subscription', 'email', 'interval', 'envelope_to'])
      expect(names).toContain(name);
    const undeclared = [...read].filter((entry) => {
      const [method, url, name] = entry.split(' ') as [string, string, string];
      const operation = document.paths[openapiPath(url)]?.[method];
      return (
        operation !== undefined &&
        !operation.parameters?.some((p) => p.in === 'query' && p.name === name)
      );
    });
    expect(undeclared.sort()).toEqual([]);
  });

  it('is read by hand from the URL only where the whole query string is copied into links', () => {
    // The Proxy above sees `request.query`; a query string parsed by hand would escape it.
    const byHand = /\.url\.split\(\s*'\?'\s*\)(?!\[0\])|\.raw\.url|searchParams|originalUrl/;
    const server = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => byHand.test(readFileSync(path.join(server, file), 'utf8')));
    expect(files.map((f) => f.split(path.sep).join('/')).sort()).toEqual([
      'features/audit/routes.ts', // `next` keeps the filters
      'lib/pagination.ts', // `next`/`previous` keep the filters; page and page_size: request.query
    ]);
  });
});
