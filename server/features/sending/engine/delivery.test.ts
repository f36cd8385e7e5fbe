import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { buildZip, zipDataUri } from '../../../test/zip-fixtures.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from './sender.js';

/** f@… is refused for good; e@… is refused once for now, then accepted. */
const sink = await startSmtpSink((to, attempt) => {
  if (to.startsWith('f@')) return { code: 550, message: '5.1.1 No such user' };
  if (to.startsWith('e@') && attempt === 1) return { code: 451, message: '4.7.1 Try again later' };
  return undefined;
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: {
      smtpUrls: [sink.url],
      publicUrl: 'http://mail.example.test',
      ratePerServer: 0,
      retryBaseMs: 300,
    },
  });
});
beforeEach(async () => {
  await t.reset();
  sink.messages.length = 0;
  sink.attempts.clear();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function subscribe(list: number, email: string, language: string) {
  const res = await t.post(`/api/v1/lists/${list}/subscribers`, { email, language });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** Runs engine rounds until the delivery is no longer running (retries wait their turn). */
async function runUntilSettled(mailing: number) {
  for (let i = 0; i < 100; i++) {
    await sendRound(t.app.sending);
    const deliveries = (await t.get(`/api/v1/mailings/${mailing}/deliveries`)).json();
    if (
      deliveries.every(
        (d: { status: string }) => d.status !== 'running' && d.status !== 'scheduled',
      )
    ) {
      return deliveries;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The delivery did not settle.');
}

async function scenario() {
  const campaign = await t.post('/api/v1/campaigns', { name: `Spring ${Date.now()}` });
  expect(campaign.statusCode, campaign.body).toBe(201);
  const list = await createList(t, { languages: ['en', 'de', 'fr'] });
  const ids = {
    a: await subscribe(list, 'a@example.test', 'en'),
    b: await subscribe(list, 'b@example.test', 'de'),
    c: await subscribe(list, 'c@example.test', 'fr'),
    d: await subscribe(list, 'd@example.test', 'en'),
    e: await subscribe(list, 'e@example.test', 'en'),
    f: await subscribe(list, 'f@example.test', 'en'),
  };
  await t.post(`/api/v1/lists/${list}/subscribers/${ids.d}/unsubscribe`);
  const soon = new Date(Date.now() - 1000).toISOString();
  const res = await t.post('/api/v1/mailings', {
    list,
    name: 'Spring news',
    campaign: campaign.json().id,
    variants: [
      {
        language: ['en'],
        subject: 'Hello',
        layout: {
          text: '<html><body><p>Read <a href="https://example.org/spring?a=1&amp;b=2">the news</a>.</p></body></html>',
        },
        deliveries: [{ scheduled_datetime: soon }],
      },
      {
        language: ['de'],
        subject: 'Hallo',
        layout: { text: 'Lies https://example.org/fruehling bitte.' },
        deliveries: [{ scheduled_datetime: soon }],
      },
    ],
  });
  expect(res.statusCode).toBe(201);
  return { list, ids, mailing: res.json().id as number, campaign: campaign.json().id as number };
}

const pathOf = (url: string) => new URL(url).pathname;

describe('delivery through SMTP', () => {
  it('reaches the active subscribers with their variant, retries a 4xx, bounces a 5xx', async () => {
    const { mailing, ids } = await scenario();
    const deliveries = await runUntilSettled(mailing);
    expect(
      deliveries.map((d: { status: string; progress: unknown }) => [d.status, d.progress]),
    ).toEqual([
      ['done', { total: 4, queued: 0, sent: 3, failed: 0, bounced: 1, skipped: 0, suppressed: 0 }],
      ['done', { total: 1, queued: 0, sent: 1, failed: 0, bounced: 0, skipped: 0, suppressed: 0 }],
    ]);
    const subjects = Object.fromEntries(sink.messages.map((m) => [m.to, m.mail.subject]));
    // fr has no variant: the fallback is the first variant (en).
    expect(subjects).toEqual({
      'a@example.test': 'Hello',
      'b@example.test': 'Hallo',
      'c@example.test': 'Hello',
      'e@example.test': 'Hello',
    });
    expect(sink.attempts.get('e@example.test')).toBe(2);

    const log = (await t.get(`/api/v1/deliveries/${deliveries[0].id}/recipients`)).json();
    const byEmail = Object.fromEntries(log.results.map((r: { email: string }) => [r.email, r]));
    expect(byEmail['e@example.test']).toMatchObject({
      state: 'sent',
      attempts: 2,
      duplicate: false,
    });
    expect(byEmail['e@example.test'].smtp_response).toMatch(/^250/);
    expect(byEmail['f@example.test']).toMatchObject({ state: 'bounced', attempts: 1 });
    expect(byEmail['f@example.test'].last_error).toMatch(/550/);
    const failed = (
      await t.get(`/api/v1/deliveries/${deliveries[0].id}/recipients?state=bounced`)
    ).json();
    expect(failed.results.map((r: { email: string }) => r.email)).toEqual(['f@example.test']);

    const bounces = (await t.get(`/api/v1/statistics/bounces?mailing=${mailing}`)).json();
    expect(bounces.results).toMatchObject([{ mailing, email: 'f@example.test', hard: true }]);
    const f = (await t.get(`/api/v1/lists/1/subscribers/${ids.f}`)).json();
    expect(f.subscription).toBe('bounced');
    const fHistory = (await t.get(`/api/v1/lists/1/subscribers/${ids.f}/history`)).json();
    expect(fHistory.results[0]).toMatchObject({
      kind: 'state',
      via: 'bounce',
      user: null,
      old_value: 'active',
      new_value: 'bounced',
    });
  });

  it('keeps a few connections open for a whole delivery instead of one per message', async () => {
    const list = await createList(t);
    for (let i = 0; i < 24; i++) await subscribe(list, `p${i}@example.test`, 'en');
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Pooled',
      variants: [
        {
          subject: 'Pooled',
          layout: { text: 'Hello' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const opened = sink.connections.opened;
    await runUntilSettled(res.json().id);
    expect(sink.messages).toHaveLength(24);
    // SEND_CONCURRENCY (5) connections at most: a relay counts connections, and opening one
    // per message costs both ends a handshake each time.
    expect(sink.connections.opened - opened).toBeLessThanOrEqual(5);
  });

  it('sends both parts and the RFC 8058 headers; links and pixel land in the statistics', async () => {
    const { mailing, ids, campaign } = await scenario();
    await runUntilSettled(mailing);
    const a = sink.messages.find((m) => m.to === 'a@example.test')!.mail;
    expect(a.messageId).toMatch(/^<[^@]+@acme\.example>$/);
    expect(a.text).toContain('the news');
    const header = (name: string) =>
      a.headerLines.find((h) => h.key === name)!.line.replace(/^[^:]+:\s*/, '');
    const unsubscribeUrl = /^<([^>]+)>/.exec(header('list-unsubscribe'))![1]!;
    expect(unsubscribeUrl).toMatch(/^http:\/\/mail\.example\.test\/u\//);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const ids2 = new Set(sink.messages.map((m) => m.mail.messageId));
    expect(ids2.size).toBe(sink.messages.length);

    const html = a.html as string;
    const link = /href="(http:\/\/mail\.example\.test\/t\/c\/[^"]+)"/.exec(html)![1]!;
    expect(html).not.toContain('https://example.org/spring');
    const click = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.org/spring?a=1&b=2');
    const pixel = /src="(http:\/\/mail\.example\.test\/t\/o\/[^"]+)"/.exec(html)![1]!;
    const open = await t.app.inject({ method: 'GET', url: pathOf(pixel) });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    // The text variant's link is tracked too.
    const b = sink.messages.find((m) => m.to === 'b@example.test')!.mail;
    expect(b.text).toMatch(/Lies http:\/\/mail\.example\.test\/t\/c\/\S+ bitte\./);

    // A tampered token records nothing.
    const tampered = pathOf(link).replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);

    await t.app.trackingHits.flush(); // hits are written after the answer
    const clicks = (await t.get(`/api/v1/statistics/clicks?mailing=${mailing}`)).json();
    expect(clicks.results).toMatchObject([
      { mailing, email: 'a@example.test', url: 'https://example.org/spring?a=1&b=2' },
    ]);
    const opens = (await t.get(`/api/v1/statistics/opens?campaign=${campaign}`)).json();
    expect(opens.results).toMatchObject([{ mailing, email: 'a@example.test' }]);

    // One-click unsubscribe by POST to the header's URL (RFC 8058).
    const post = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribeUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const sub = (await t.get(`/api/v1/lists/1/subscribers/${ids.a}`)).json();
    expect(sub.subscription).toBe('unsubscribed');
    const history = (await t.get(`/api/v1/lists/1/subscribers/${ids.a}/history`)).json();
    expect(history.results[0]).toMatchObject({
      kind: 'state',
      via: 'unsubscribe-link',
      user: null,
      new_value: 'unsubscribed',
    });
    const page = await t.app.inject({ method: 'GET', url: pathOf(unsubscribeUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from all lists');
    expect(page.body).not.toContain('<script');
  });

  it('delivers a layout made with the block editor as the composer makes it', async () => {
    // The SPA's own renderer (blocks → MJML → HTML + text) and zip contents, loaded by URL:
    // the server's project is type-checked without src/.
    const spa = (file: string) =>
      import(new URL(`../../../../src/features/mailings/blocks/${file}.ts`, import.meta.url).href);
    const [{ newDocument, newBlock }, { renderEmail }, { mjmlInNode }] = await Promise.all(
      ['document', 'render-email', 'mjml-in-node'].map(spa),
    );
    const doc = newDocument('Acme, 1 Harbour Street');
    const heading = {
      ...newBlock('heading'),
      text: 'Spring news, {{ first_name | default: "you" }}',
    };
    const text = {
      ...newBlock('text'),
      html: '<p>Read <a href="https://shop.example/blog">the blog</a>.</p>',
    };
    const image = { ...newBlock('image'), src: 'images/pic.png', alt: 'An envelope' };
    const button = { ...newBlock('button'), label: 'Shop now', href: 'https://shop.example/sale' };
    const columns = newBlock('columns');
    const blocks = { ...doc, blocks: [heading, text, image, button, columns, doc.blocks.at(-1)] };
    const rendered = await renderEmail(blocks, mjmlInNode(), () => '', 'Spring');
    const png = readFileSync(
      new URL('../../../../e2e/fixtures/layouts/colorlib-10/images/email.png', import.meta.url),
    );
    const zip = buildZip({
      'index.html': rendered.html,
      'index.txt': rendered.text,
      'mailboard.json': JSON.stringify(blocks),
      'images/pic.png': png,
    });
    const list = await createList(t);
    await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'ada@example.test',
      first_name: 'Ada',
    });
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Blocks',
      variants: [
        {
          subject: 'Spring',
          layout: { zip_file: zipDataUri(zip), text: rendered.text },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    await runUntilSettled(res.json().id);
    const mail = sink.messages.find((m) => m.to === 'ada@example.test')!.mail;
    const html = mail.html as string;
    expect(html).toMatch(/<h1[^>]*>\s*Spring news, Ada\s*<\/h1>/);
    const img =
      /<img[^>]+src="(http:\/\/mail\.example\.test\/media\/layouts\/\d+\/images\/pic\.png)"[^>]*alt="An envelope"|<img[^>]+alt="An envelope"[^>]+src="(http:\/\/mail\.example\.test\/media\/layouts\/\d+\/images\/pic\.png)"/.exec(
        html,
      );
    expect(img).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: pathOf((img![1] ?? img![2])!) });
    expect(served.headers['content-type']).toBe('image/png');
    const shop = /<a[^>]+href="(http:\/\/mail\.example\.test\/t\/c\/[^"]+)"[^>]*>\s*Shop now/.exec(
      html,
    );
    const click = await t.app.inject({ method: 'GET', url: pathOf(shop![1]!) });
    expect(click.headers.location).toBe('https://shop.example/sale');
    expect(html).toMatch(/href="http:\/\/mail\.example\.test\/u\/[^"]+"[^>]*>\s*Unsubscribe/);
    expect(mail.text).toContain('Spring news, Ada');
    expect(mail.text).toMatch(/Shop now: http:\/\/mail\.example\.test\/t\/c\/\S+/);
    expect(mail.text).toMatch(/Unsubscribe: http:\/\/mail\.example\.test\/u\/\S+/);
  });
});
