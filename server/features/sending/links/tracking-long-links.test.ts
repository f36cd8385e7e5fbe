import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/**
 * The click token carries its link's URL, so an ordinary link with UTM parameters makes a
 * `/t/c/{token}` far longer than the router's default limit (100 characters): such links
 * must still redirect, also beside the dashboard (whose index.html answers any GET that
 * matches no route), and record their click.
 */
const PUBLIC_URL = 'https://mail.example.test';
const LONG = (() => {
  const start = 'https://shop.example/spring?utm_source=mailboard&utm_medium=email&ref=';
  return start + 'a1b2c3d4e5'.repeat(200).slice(0, 2000 - start.length);
})();
const IRI = 'https://example.jp/記事/春のセール?utm_source=newsletter&utm_campaign=spring';
const FRAGMENT = 'https://docs.example.org/guide/start?utm_source=newsletter#installing-on-linux';
/** What each sends as `Location`: the IRI in its ASCII form, the rest as written. */
const LOCATIONS = new Map([
  [LONG, LONG],
  [
    IRI,
    'https://example.jp/%E8%A8%98%E4%BA%8B/%E6%98%A5%E3%81%AE%E3%82%BB%E3%83%BC%E3%83%AB' +
      '?utm_source=newsletter&utm_campaign=spring',
  ],
  [FRAGMENT, FRAGMENT],
]);
/** Names for failure messages (the long link itself would fill the screen). */
const NAMES = new Map([
  [LONG, 'the 2,000-character link'],
  [IRI, 'the IRI'],
  [FRAGMENT, 'the link with a fragment'],
]);

let t: TestContext;
let distDir: string;
/** The tracked link of each URL, as the sent message carries it (path only). */
const tracked = new Map<string, string>();
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mailboard-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Mailboard</title>');
  t = await createTestContext({ distDir, sending: { publicUrl: PUBLIC_URL } });
  const list = await createList(t);
  await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'reader@example.test' });
  const html = [...LOCATIONS.keys()]
    .map((url) => `<p><a href="${url.replace(/&/g, '&amp;')}">Read</a></p>`)
    .join('');
  await t.post('/api/v1/mailings', {
    list,
    name: 'Long links',
    variants: [
      {
        subject: 'Long links',
        layout: { text: html },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  await sendRound(t.app.sending);
  const [message] = (await t.get('/api/v1/outbox')).json().results as [{ id: number }];
  const sent = (await t.get(`/api/v1/outbox/${message.id}`)).json() as { html: string };
  // The layout's links, not the hidden trap link after them (issue 51).
  const hrefs = [...sent.html.matchAll(/href="([^"]+)"(?! aria-hidden)/g)].map((m) => m[1]!);
  const clicks = hrefs.filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`));
  expect(clicks).toHaveLength(LOCATIONS.size);
  [...LOCATIONS.keys()].forEach((url, i) => tracked.set(url, clicks[i]!.slice(PUBLIC_URL.length)));
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const recordedClicks = async () => {
  await t.app.trackingHits.flush();
  return ((await t.get('/api/v1/statistics/clicks')).json().results as { url: string }[])
    .map((c) => c.url)
    .sort();
};

describe('tracked links of any length', () => {
  it('are issued with tokens past the router’s default limit of 100 characters', () => {
    expect(LONG).toHaveLength(2000);
    for (const link of tracked.values()) expect(link.length).toBeGreaterThan(100);
    expect(tracked.get(LONG)!.length).toBeGreaterThan(2600);
  });

  it('redirect to their URL and record the click (injected and over a real connection)', async () => {
    for (const [url, location] of LOCATIONS) {
      const res = await t.app.inject({ method: 'GET', url: tracked.get(url)! });
      expect(res.statusCode, NAMES.get(url)).toBe(302);
      expect(res.headers.location, NAMES.get(url)).toBe(location);
      expect(res.body).not.toContain('<title>Mailboard</title>');
    }
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [url, location] of LOCATIONS) {
      const res = await fetch(base + tracked.get(url)!, { redirect: 'manual' });
      expect(res.status, NAMES.get(url)).toBe(302);
      expect(res.headers.get('location'), NAMES.get(url)).toBe(location);
    }
    const twice = [...LOCATIONS.keys()].flatMap((url) => [url, url]);
    expect(await recordedClicks()).toEqual(twice.sort());
  });
});
