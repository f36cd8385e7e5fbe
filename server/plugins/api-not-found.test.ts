import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

// The app as `npm start` runs it: with the built SPA, whose catch-all answers GET on any path.
let t: TestContext;
beforeAll(async () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'mailboard-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Mailboard</title>');
  t = await createTestContext({ distDir });
});
afterAll(() => t.close());

describe('unknown paths under /api/ beside the SPA', () => {
  it('answers a path without a route 404 with the DRF body, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.request({ method, url: '/api/v1/no-such-thing' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect(res.headers.allow).toBeUndefined();
    }
    const media = await t.request({ method: 'POST', url: '/media/no-such-thing' });
    expect(media.statusCode).toBe(404);
  });

  it('answers 405 with Allow only where the path exists for another method', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/regions' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.json()).toEqual({ detail: 'Method "POST" not allowed.' });
    const lists = await t.request({ method: 'DELETE', url: '/api/v1/lists' });
    expect(lists.statusCode).toBe(405);
    expect(lists.headers.allow).toBe('GET, POST');
  });

  it('still serves the dashboard on its deep links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lists/1/subscribers' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mailboard</title>');
  });
});
