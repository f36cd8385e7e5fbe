import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * The public prefixes (links in messages: /t/, /u/, /c/; layout media: /media/) belong to
 * the server, not to the dashboard: a path there that matches no route is a 404, never the
 * SPA's index.html (a recipient of a cut link would land on the sign-in page).
 */
const DASHBOARD = '<title>Mailboard</title>';
const MESSAGE_LINKS = ['/t/', '/t/x', '/t/c/', '/t/c/abc/def', '/t/o/abc/def', '/u/', '/u/a/b'];
const MORE_LINKS = ['/c/', '/c/a/b', '/t/nothing?utm_source=x'];

let distDir: string;
let spa: TestContext;
let api: TestContext;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mailboard-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), `<!doctype html>${DASHBOARD}`);
  spa = await createTestContext({ distDir });
  api = await createTestContext();
});
afterAll(async () => {
  await spa.close();
  await api.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('paths under a public prefix that match no route', () => {
  it('answer the invalid-link page 404 under the message link prefixes, with or without the SPA', async () => {
    for (const t of [spa, api]) {
      for (const url of [...MESSAGE_LINKS, ...MORE_LINKS]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).toContain('<title>This link is not valid</title>');
        expect(res.body, url).not.toContain(DASHBOARD);
      }
    }
    const head = await spa.app.inject({ method: 'HEAD', url: '/u/a/b' });
    expect(head.statusCode).toBe(404);
  });

  it('answer the DRF 404 under /media/', async () => {
    for (const url of ['/media/', '/media/nothing', '/media/layouts/1']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
  });

  it('are 404 for any method; 405 with Allow only where a route exists for another', async () => {
    const post = await spa.app.inject({ method: 'POST', url: '/t/nothing' });
    expect(post.statusCode).toBe(404);
    expect(post.headers.allow).toBeUndefined();
    const put = await spa.app.inject({ method: 'PUT', url: '/u/some-token' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
  });

  it('leave the dashboard its own paths, also those starting with the same letters', async () => {
    for (const url of ['/tokens', '/users', '/campaigns/1', '/lists/1/subscribers']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(DASHBOARD);
    }
  });
});
