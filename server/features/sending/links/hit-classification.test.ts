import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { queryRows } from '../../../db/query-rows.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/**
 * Issue 51 through HTTP: each hit of the pixel and the redirect is told human or machine
 * with its reasons, stored compactly, filtered by `class`, and only people's hits raise
 * webhook events or put anyone in an engagement segment.
 */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GMAIL =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const SALE = 'https://shop.example/sale';
const NEW = 'https://shop.example/new';

let t: TestContext;
let list: number;
let mailing: number;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ webhooks: { allowPrivate: true } });
  list = await createList(t);
  for (const name of ['ann', 'bob', 'cyd', 'dan'])
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: `${name}@example.test` });
  mailing = (
    await t.post('/api/v1/mailings', {
      list,
      name: 'Sale',
      variants: [
        {
          subject: 'Sale',
          layout: { text: `<p><a href="${SALE}">Sale</a> <a href="${NEW}">New</a></p>` },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    })
  ).json().id;
  await sendRound(t.app.sending);
  // Sent an hour ago, except dan's (just now: a hit on it comes within seconds).
  await t.db.execute(sql`UPDATE delivery_recipients SET sent_datetime = now() - interval '1 hour'
                          WHERE email <> 'dan@example.test'`);
  for (const r of await queryRows<{ id: number; email: string }>(
    t.db,
    sql`SELECT id, email FROM delivery_recipients`,
  ))
    who[r.email.split('@')[0]!] = String(r.id);
  await t.post('/api/v1/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    events: ['message.opened', 'message.clicked'],
  });
});
afterAll(() => t.close());

const signer = () => t.app.sending.signer;
const hit = (
  kind: 'o' | 'k',
  person: string,
  { agent = CHROME, from = '81.2.69.160', url = SALE, method = 'GET' } = {},
) =>
  t.app.inject({
    method: method as 'GET',
    url: `/t/${kind === 'o' ? 'o' : 'c'}/${signer().sign(kind === 'o' ? { kind, who: who[person]! } : { kind, who: who[person]!, url })}`,
    headers: { 'user-agent': agent },
    remoteAddress: from,
  });
const records = async (path: string) => {
  await t.app.trackingHits.flush();
  return (await t.get(`/api/v1/statistics/${path}`)).json().results as {
    email: string;
    url?: string;
    class: string;
    reasons: string[];
  }[];
};
const brief = (rs: Awaited<ReturnType<typeof records>>) =>
  rs.map((r) =>
    `${r.email.split('@')[0]} ${r.url ? `${r.url.replace('https://shop.example/', '')} ` : ''}${r.class} ${r.reasons.join(',')}`.trim(),
  );

describe('classified hits', () => {
  it('tells each open and click human or machine, with the reasons, and keeps the signals compactly', async () => {
    await hit('o', 'ann', { agent: 'Mozilla/5.0', from: '17.58.101.7' }); // Apple's proxy
    await hit('o', 'bob', { agent: GMAIL, from: '66.249.84.1' }); // Gmail fetches as bob opens
    expect((await hit('k', 'ann', { method: 'HEAD', from: '203.0.113.5' })).statusCode).toBe(302);
    await hit('k', 'bob', { from: '40.107.3.4' }); // Microsoft's published range
    await hit('k', 'bob', { agent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    const trap = await hit('k', 'cyd', {
      url: 'https://mailboard.invalid/trap',
      from: '192.0.2.9',
    });
    expect(trap.statusCode).toBe(204);
    await hit('k', 'dan'); // seconds after sending
    await hit('k', 'cyd', { url: NEW, from: '2001:db8:5:1::7' }); // a person, an hour later
    expect(brief(await records('opens'))).toEqual([
      'ann apple_proxy apple_proxy',
      'bob human image_proxy',
    ]);
    expect(brief(await records('clicks'))).toEqual([
      'ann sale scanner head',
      'bob sale scanner scanner_range',
      'bob sale prefetch bot',
      'cyd https://mailboard.invalid/trap scanner trap',
      'dan sale scanner early',
      'cyd new human',
    ]);
    expect(brief(await records('clicks?class=human'))).toEqual(['cyd new human']);
    expect(await records('clicks?class=machine')).toHaveLength(5);
    expect(brief(await records('opens?class=human'))).toEqual(['bob human image_proxy']);
    // Blocks, not addresses; each agent once; the time since sending.
    const stored = await queryRows<{ block: string; seconds: number; agents: number }>(
      t.db,
      sql`SELECT client_block::text AS block, seconds,
                 (SELECT count(*)::int FROM tracking_user_agents) AS agents
            FROM stat_clicks WHERE url = ${NEW}`,
    );
    expect(stored).toEqual([{ block: '2001:db8:5::/48', seconds: expect.any(Number), agents: 4 }]);
    expect(stored[0]!.seconds).toBeGreaterThanOrEqual(3599);
    // Only people raise engagement events.
    const events = await queryRows<{ type: string; email: string }>(
      t.db,
      sql`SELECT type, data->>'email' AS email FROM webhook_events ORDER BY type`,
    );
    expect(events).toEqual([
      { type: 'message.clicked', email: 'cyd@example.test' },
      { type: 'message.opened', email: 'bob@example.test' },
    ]);
    // Nor put anyone in an engagement segment.
    const clicked = await t.post(`/api/v1/lists/${list}/segments/preview?page_size=10`, {
      filter: { conditions: [{ field: 'engagement', mailing, action: 'clicked' }] },
    });
    expect(clicked.json()).toMatchObject({ count: 1, results: [{ email: 'cyd@example.test' }] });
  });

  it('counts a person once, after a machine: unique=true with class=human; the seed view unchanged', async () => {
    const uniqueSale = async (query: string) =>
      brief(await records(`clicks?unique=true&url=${encodeURIComponent(SALE)}${query}`));
    await hit('k', 'bob', { from: '81.2.69.160' }); // bob himself, after the scanners
    expect(await uniqueSale('&class=human')).toEqual(['bob sale human']);
    expect(await uniqueSale('')).toEqual([
      'ann sale scanner head',
      'bob sale scanner scanner_range',
      'dan sale scanner early',
    ]);
    expect(await uniqueSale('&class=machine')).toEqual(await uniqueSale(''));
    const urls = await t.get('/api/v1/statistics/clicks/urls?class=human');
    expect(urls.json()).toEqual([
      { url: NEW, count: 1 },
      { url: SALE, count: 1 },
    ]);
    const series = await t.get('/api/v1/statistics/clicks/series?interval=day&class=machine');
    expect(series.json()).toEqual([{ bucket: expect.any(String), count: 5 }]);
    const bad = await t.get('/api/v1/statistics/opens?class=robots');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('class');
  });

  it('reports a mailing’s clients by family and device', async () => {
    const res = await t.get(`/api/v1/statistics/clients?mailing=${mailing}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().families).toEqual(
      expect.arrayContaining([
        { name: 'Chrome', opens: 0, clicks: 6 },
        { name: 'Other', opens: 0, clicks: 1 },
        { name: 'Apple Mail', opens: 1, clicks: 0 },
        { name: 'Gmail', opens: 1, clicks: 0 },
      ]),
    );
    const human = await t.get(`/api/v1/statistics/clients?mailing=${mailing}&class=human`);
    expect(human.json().devices).toEqual([
      { name: 'desktop', opens: 0, clicks: 2 },
      { name: 'proxy', opens: 1, clicks: 0 },
    ]);
    expect((await t.get('/api/v1/statistics/clients')).statusCode).toBe(400);
  });

  it('finds bursts after the fact and reclassifies without losing a hit, audited', async () => {
    const before = (await records('clicks?page_size=100')).length;
    // Two links of ann's message from one client within a second: nobody clicks so fast.
    await hit('k', 'ann', { from: '198.51.100.7', url: SALE });
    await hit('k', 'ann', { from: '198.51.100.7', url: NEW });
    expect(
      brief(await records('clicks?class=human&email=x')).filter((r) => r.startsWith('ann')),
    ).toHaveLength(2);
    const res = await t.post('/api/v1/statistics/reclassify', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().clicks.changed).toBe(2);
    const after = await records('clicks?page_size=100');
    expect(after).toHaveLength(before + 2);
    expect(brief(after.filter((r) => r.email.startsWith('ann'))).slice(1)).toEqual([
      'ann sale scanner burst',
      'ann new scanner burst',
    ]);
    await t.app.auditWritten();
    const audit = await t.get('/api/v1/audit?page_size=5');
    expect(JSON.stringify(audit.json())).toContain('statistics.reclassify');
  });
});
