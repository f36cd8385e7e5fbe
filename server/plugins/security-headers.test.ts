import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { buildZip, fixtureLayoutFiles, zipDataUri } from '../test/zip-fixtures.js';

let t: TestContext;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mailboard-headers-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Mailboard</title>');
  writeFileSync(path.join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  t = await createTestContext({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('security headers', () => {
  it('give the dashboard a CSP that lets only its own scripts run', async () => {
    for (const url of ['/', '/lists/3?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'frame-ancestors': "'none'",
        'form-action': "'self'",
        'img-src': "'self' data:",
        'style-src': "'self' 'unsafe-inline'",
      });
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval|blob:/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // index.html is revalidated, so a new build is picked up at once.
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('cache fingerprinted assets for good', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send HSTS only over https (as a trusted proxy reports it)', async () => {
    const res = await get('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('forbid caching every API answer: data, errors and 401s', async () => {
    const answers = [
      await t.get('/api/v1/lists'),
      await t.get('/api/v1/lists/999'),
      await get('/api/v1/lists'),
      await get('/api/v1/lists', { 'x-mailboard-client': 'dashboard' }),
      await t.post('/api/v1/lists', {}),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 401, 400]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('let nothing run in a layout image opened from /media, which other sites may embed', async () => {
    const list = (
      await t.post('/api/v1/lists', {
        name: 'Media',
        default_from_name: 'A',
        default_from_email: 'a@example.com',
      })
    ).json().id;
    const mailing = await t.post('/api/v1/mailings', {
      list,
      name: 'Headers',
      variants: [
        {
          subject: 'Hi',
          layout: { zip_file: zipDataUri(buildZip(fixtureLayoutFiles('colorlib-10'))) },
          deliveries: [{ scheduled_datetime: '2030-01-01T00:00:00Z' }],
        },
      ],
    });
    expect(mailing.statusCode).toBe(201);
    const layout = mailing.json().variants[0].layout.id;
    for (const url of [
      `/media/layouts/${layout}/images/email.png`,
      `/media/layouts/${layout}/images/missing.png`,
    ]) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });
});
