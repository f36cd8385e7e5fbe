import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p } from '../lib/route-access.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // Routes that fail the way a bug or a broken database would, registered before the app
  // is ready; they sit under /api/ so they pass through authentication like real ones (and
  // declare that any signed-in user may call them, as a real route declares its access).
  const open = { config: { access: p() } };
  t.app.get('/api/v1/test-failures/throw', open, async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
  t.app.get('/api/v1/test-failures/reject', open, () =>
    Promise.reject(
      Object.assign(new TypeError('Cannot read properties of undefined'), { code: 'X' }),
    ),
  );
  t.app.get('/api/v1/test-failures/bad-gateway', open, async () => {
    throw Object.assign(new Error('upstream secret'), { statusCode: 502 });
  });
  // A route added without declaring its access (server/plugins/permissions.test.ts names any).
  t.app.get('/api/v1/test-failures/undeclared', async () => ({}));
});
afterAll(() => t.close());

const json = (payload: string, contentType = 'application/json') =>
  t.request({
    method: 'POST',
    url: '/api/v1/lists',
    headers: { 'content-type': contentType },
    payload,
  });

describe('error bodies (docs/decisions/api-choices.md)', () => {
  it('answers unknown /api paths with 404 {"detail": "Not found."}', async () => {
    for (const url of [
      '/api/v1/nothing-here',
      '/api/v1/lists/1/nothing',
      '/api/v2/lists',
      '/api/',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    // An id that is not a number addresses nothing.
    expect((await t.get('/api/v1/lists/abc')).json()).toEqual({ detail: 'Not found.' });
  });

  it('refuses to everyone a route that declares no access', async () => {
    const res = await t.get('/api/v1/test-failures/undeclared');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'No permission is declared for this route.' });
  });

  it('routes duplicate slashes as single ones, with links that stay paths', async () => {
    await t.post('/api/v1/lists', {
      name: 'a',
      default_from_name: 'A',
      default_from_email: 'a@acme.example',
    });
    await t.post('/api/v1/lists', {
      name: 'b',
      default_from_name: 'A',
      default_from_email: 'a@acme.example',
    });
    const res = await t.get('//api/v1//lists?page_size=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, next: '/api/v1/lists?page_size=1&page=2' });
    expect((await t.request({ method: 'PATCH', url: '/api//v1/lists' })).statusCode).toBe(405);
    expect((await t.app.inject({ method: 'GET', url: '//api/v1/lists' })).statusCode).toBe(401);
  });

  it('answers a known path with an unsupported method with 405 and Allow', async () => {
    const res = await t.request({ method: 'PATCH', url: '/api/v1/lists' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.json()).toEqual({ detail: 'Method "PATCH" not allowed.' });
    const regions = await t.request({ method: 'DELETE', url: '/api/v1/regions/DE' });
    expect(regions.statusCode).toBe(405);
    expect(regions.headers.allow).toBe('GET');
  });

  it('answers malformed and empty JSON with 400 and a parse error', async () => {
    for (const payload of ['{"name": ', '{name: 1}', 'nul']) {
      const res = await json(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().detail).toMatch(/^JSON parse error - /);
    }
    const empty = await json('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'JSON parse error - the body is empty.' });
  });

  it('reads an empty JSON body on DELETE as no body; elsewhere it stays a 400', async () => {
    const created = await t.post('/api/v1/lists', {
      name: 'to delete',
      default_from_name: 'A',
      default_from_email: 'a@acme.example',
    });
    const del = await t.request({
      method: 'DELETE',
      url: `/api/v1/lists/${created.json().id}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const bad = await t.request({
      method: 'DELETE',
      url: '/api/v1/lists/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"x": ',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers an unsupported content type with 415, and a non-JSON text body with 400', async () => {
    const res = await json('<name>x</name>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      detail: 'Unsupported media type "application/xml" in request.',
    });
    // Fastify reads text/plain as a string, which is not the object the endpoint expects.
    const text = await json('name=x', 'text/plain');
    expect(text.statusCode).toBe(400);
  });

  it('answers absurdly nested JSON with 400, and still finds NUL in nested members', async () => {
    const deep = await json('['.repeat(100_000) + ']'.repeat(100_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      non_field_errors: ['Invalid data. The request nests deeper than 64 levels.'],
    });
    const nested = await t.post('/api/v1/mailings', {
      list: 1,
      name: 'ok',
      variants: [
        { subject: 'a', layout: { text: 'x' } },
        { subject: 'b\u0000', layout: { text: 'y\u0000' } },
      ],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({
      variants: [
        {},
        {
          subject: ['Null characters are not allowed.'],
          layout: { text: ['Null characters are not allowed.'] },
        },
      ],
    });
  });

  it('answers a body over the limit with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024 * 1024) });
    const res = await json(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request entity too large.' });
  });

  it('answers an internal error with 500 and nothing of its message or stack', async () => {
    for (const url of ['/api/v1/test-failures/throw', '/api/v1/test-failures/reject']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toEqual({ detail: 'A server error occurred.' });
      expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|undefined|at |\.ts/);
    }
    const gateway = await t.get('/api/v1/test-failures/bad-gateway');
    expect(gateway.statusCode).toBe(500);
    expect(gateway.body).not.toContain('upstream secret');
  });

  it('still asks for credentials before any of this', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-failures/throw' });
    expect(res.statusCode).toBe(401);
  });
});
