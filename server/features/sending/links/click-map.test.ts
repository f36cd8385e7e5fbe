import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/**
 * Issue 51's click map: one variant's layout with each link's clicks, links to the same URL
 * told apart by position (the n-th link to it), people's and machines' counted apart; clicks
 * of tokens without a position (mails sent before) go to the first link.
 */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SALE = 'https://shop.example/sale';
const NEW = 'https://shop.example/new?a=1&b=2';
const LAYOUT =
  '<!doctype html><html><head><title>Sale</title></head><body>' +
  `<p><a href="${SALE}">Top</a> <a href="https://shop.example/new?a=1&amp;b=2">New</a></p>` +
  `<p><a class="button" href="${SALE}">Bottom</a></p></body></html>`;

let t: TestContext;
let mailing: number;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  const list = await createList(t);
  for (const name of ['ann', 'bob'])
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: `${name}@example.test` });
  mailing = (
    await t.post('/api/v1/mailings', {
      list,
      name: 'Sale',
      variants: [
        {
          subject: 'Sale',
          layout: { text: LAYOUT },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    })
  ).json().id;
  await sendRound(t.app.sending);
  // Sent an hour ago: a click now is not within seconds of sending.
  await t.db.execute(sql`UPDATE delivery_recipients SET sent_datetime = now() - interval '1 hour'`);
  for (const r of await queryRows<{ id: number; email: string }>(
    t.db,
    sql`SELECT id, email FROM delivery_recipients`,
  ))
    who[r.email.split('@')[0]!] = String(r.id);
});
afterAll(() => t.close());

const click = (path: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url: path,
    headers: { 'user-agent': CHROME },
    remoteAddress: '81.2.69.160',
  });

describe('GET /api/v1/statistics/click-map', () => {
  it('counts each link’s clicks by position and class over the layout', async () => {
    // The message names each link to the same URL by its position (the first: none).
    const message = (await t.get('/api/v1/outbox?search=ann')).json().results[0];
    const html: string = (await t.get(`/api/v1/outbox/${message.id}`)).json().html;
    const links = [...html.matchAll(/href="([^"]+\/t\/c\/[^"]+)">(Top|New|Bottom)/g)].map(
      (m) => [m[2], new URL(m[1]!.replace(/&amp;/g, '&')).pathname] as const,
    );
    const tokens = links.map(([, path]) => t.app.sending.signer.verify(path.split('/').pop()!));
    expect(tokens.map((p) => p && 'url' in p && [p.url, p.position])).toEqual([
      [SALE, undefined],
      [NEW, undefined],
      [SALE, 2],
    ]);
    const path = Object.fromEntries(links);

    await click(path.Bottom!); // ann, a person, on the second link to SALE
    await click(path.New!);
    await click(path.Bottom!, 'HEAD'); // a link checker: a machine
    // bob's mail from before positions: a token without one is the first link's.
    const old = t.app.sending.signer.sign({ kind: 'k', who: who.bob!, url: SALE });
    await click(`/t/c/${old}`);
    await t.app.trackingHits.flush();

    const res = await t.get(`/api/v1/statistics/click-map?mailing=${mailing}`);
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map.links).toEqual([
      { url: SALE, position: 1, human: 1, machine: 0 },
      { url: NEW, position: 1, human: 1, machine: 0 },
      { url: SALE, position: 2, human: 1, machine: 1 },
    ]);
    // Each link carries its people's clicks; what is added is escaped, the layout kept.
    expect(map.html.match(/data-mailboard-clicks="1"/g)).toHaveLength(3);
    expect(map.html).toContain(
      '<a class="button" href="https://shop.example/sale" data-mailboard-clicks="1"><span class="mailboard-clicks" title="1 click by people on link 2 to https://shop.example/sale">1 click</span>Bottom</a>',
    );
    expect(map.html).toContain(
      'title="1 click by people on link 1 to https://shop.example/new?a=1&amp;b=2"',
    );
    expect(map.html).toMatch(/^<!doctype html><html><head><style>\.mailboard-clicks\{/);
    expect(map.html).not.toMatch(/<script/i);
  });

  it('answers 404 for a mailing or variant it does not know, 400 without a mailing', async () => {
    expect((await t.get('/api/v1/statistics/click-map?mailing=999')).statusCode).toBe(404);
    expect(
      (await t.get(`/api/v1/statistics/click-map?mailing=${mailing}&variant=999`)).statusCode,
    ).toBe(404);
    expect((await t.get('/api/v1/statistics/click-map')).statusCode).toBe(400);
  });
});
