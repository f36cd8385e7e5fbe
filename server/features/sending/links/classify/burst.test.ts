import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.js';
import { queryRows } from '../../../../db/query-rows.js';
import { BURST } from './classify.js';
import { settleBursts } from './burst.js';
import { bit } from './reasons.js';

/**
 * Issue 51, at the scale a gateway brings: thousands of hits of one client or one key are
 * classified as a few would be (the burst pass and the hit recorder look at a key's or a
 * client's hits once, not once per hit).
 */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const T0 = Date.parse('2026-01-01T10:00:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
    VALUES ('Bursts', 'B', 'b@example.com', '{en}')`);
  await t.db.execute(sql`INSERT INTO mailings (list_id, name) VALUES (1, 'Bursts')`);
  await t.db.execute(sql`INSERT INTO variants (mailing_id, position, from_name, from_email, subject)
    VALUES (1, 0, 'B', 'b@example.com', 'Bursts')`);
  // Started an hour ago: no hit is `early`.
  await t.db.execute(sql`INSERT INTO deliveries (variant_id, scheduled_datetime, started_datetime)
    VALUES (1, now() - interval '1 hour', now() - interval '1 hour')`);
});
afterAll(() => t.close());

/** A small deterministic generator (the test must fail the same way twice). */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number;
}

type Click = { email: string; block: string; url: string; at: number };

/** The rule as written, click by click: BURST.links links of its client within BURST.seconds. */
function expectedBursts(clicks: Click[]) {
  return clicks.map((c) => {
    const urls = new Set<string>();
    for (const e of clicks)
      if (
        e.email === c.email &&
        e.block === c.block &&
        Math.abs(e.at - c.at) <= BURST.seconds * 1000
      )
        urls.add(e.url);
    return urls.size >= BURST.links;
  });
}

describe('the burst pass at scale', () => {
  it('marks a gateway’s thousands of clicks and the edges of the window as the rule says', async () => {
    const next = random(51);
    const clicks: Click[] = [];
    // A gateway: every link of one message, 3,000 times within 30 s, from one client.
    for (let i = 0; i < 3000; i++)
      clicks.push({
        email: 'a@x.test',
        block: '203.0.113.0/24',
        url: `u${i % 3}`,
        at: T0 + i * 10,
      });
    // One link only, as often: never a burst.
    for (let i = 0; i < 1500; i++)
      clicks.push({ email: 'a@x.test', block: '198.51.100.0/24', url: 'u0', at: T0 + i * 10 });
    // Exactly at the window's edge (a burst) and just past it (not).
    const W = BURST.seconds * 1000;
    clicks.push({ email: 'b@x.test', block: '192.0.2.0/24', url: 'u0', at: T0 });
    clicks.push({ email: 'b@x.test', block: '192.0.2.0/24', url: 'u1', at: T0 + W });
    clicks.push({ email: 'b@x.test', block: '192.0.2.0/24', url: 'u0', at: T0 + 60_000 });
    clicks.push({ email: 'b@x.test', block: '192.0.2.0/24', url: 'u1', at: T0 + 60_000 + W + 1 });
    // A chain of one link's clicks 4 s apart, then another link 6 s after its last.
    for (let i = 0; i < 10; i++)
      clicks.push({ email: 'c@x.test', block: '192.0.2.0/24', url: 'u0', at: T0 + i * 4000 });
    clicks.push({ email: 'c@x.test', block: '192.0.2.0/24', url: 'u1', at: T0 + 36_000 + 6000 });
    // People and machines mixed at random over ten minutes.
    for (let i = 0; i < 400; i++)
      clicks.push({
        email: `p${Math.floor(next() * 20)}@x.test`,
        block: `81.2.${Math.floor(next() * 2)}.0/24`,
        url: `u${Math.floor(next() * 3)}`,
        at: T0 + Math.floor(next() * 600_000),
      });
    await t.db.execute(sql`INSERT INTO tracking_user_agents (agent) VALUES (${CHROME})`);
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, email, url, datetime, client_block, agent_id,
                               reasons, class)
      SELECT 1, 1, c.email, c.url, timestamptz 'epoch' + c.at * interval '1 millisecond',
             c.block::cidr, 1, 0, 'human'
        FROM jsonb_to_recordset(${JSON.stringify(clicks.map((c, n) => ({ ...c, n })))}::jsonb)
               AS c(n int, email text, block text, url text, at bigint)
       ORDER BY c.n`);
    // A person clicks the gateway's recipient's link an hour later.
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, email, url, datetime, client_block, agent_id)
      VALUES (1, 1, 'a@x.test', 'u1', timestamptz 'epoch' + ${T0 + 3_600_000} * interval '1 millisecond',
              '81.2.9.0/24', 1)`);

    const changed = await settleBursts(t.db, new Date(T0 - 1000));
    const stored = await queryRows<Click & { class: string; burst: boolean; first_human: boolean }>(
      t.db,
      sql`SELECT email, client_block::text AS block, url,
                 (extract(epoch FROM datetime) * 1000)::float8 AS at, class,
                 reasons & ${bit('burst')} <> 0 AS burst, first_human
            FROM stat_clicks ORDER BY id`,
    );
    const expected = expectedBursts(clicks);
    const mismatches = stored
      .slice(0, clicks.length)
      .filter((s, n) => s.burst !== expected[n])
      .map((s) => `${s.email} ${s.block} ${s.url} ${s.at - T0}`);
    expect(mismatches).toEqual([]);
    const bursts = expected.filter(Boolean).length;
    expect(changed).toBe(bursts);
    const gateway = stored.filter((s) => s.block === '203.0.113.0/24');
    expect(new Set(gateway.map((s) => `${s.class} ${s.burst}`))).toEqual(new Set(['scanner true']));
    expect(stored.filter((s) => s.block === '198.51.100.0/24' && s.burst)).toEqual([]);
    expect(stored.filter((s) => s.email === 'b@x.test').map((s) => s.burst)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(stored.filter((s) => s.email === 'c@x.test').some((s) => s.burst)).toBe(false);
    // The person after the gateway is the key's first human; the counts follow the classes.
    expect(stored.at(-1)).toMatchObject({ class: 'human', first_human: true });
    const [counts] = await queryRows<{ human_clicks: string; clicks: string }>(
      t.db,
      sql`SELECT human_clicks::text, clicks::text FROM mailing_stat_counts WHERE mailing_id = 1`,
    );
    expect(counts).toEqual({
      clicks: String(clicks.length + 1),
      human_clicks: String(clicks.length + 1 - bursts),
    });
    // Nothing left to find.
    expect(await settleBursts(t.db, null)).toBe(0);
  });

  it('writes a key’s thousands of machine opens with one first record and one first human', async () => {
    const open = (n: number) =>
      n % 1000 === 700
        ? // A person (a new /24 each time), among Apple's proxy fetches.
          { who: 'd1', address: `81.2.${n / 100}.1`, agent: CHROME }
        : { who: 'd1', address: '17.58.101.7', agent: 'Mozilla/5.0' };
    for (let n = 0; n < 2500; n++) t.app.trackingHits.record(open(n));
    await t.app.trackingHits.flush();
    const rows = await queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT class, first, first_human, client_block::text AS block, count(*)::text AS n
            FROM stat_opens GROUP BY 1, 2, 3, 4 ORDER BY 5 DESC, 4`,
    );
    expect(rows).toEqual([
      {
        class: 'apple_proxy',
        first: false,
        first_human: false,
        block: '17.58.101.0/24',
        n: '2497',
      },
      { class: 'apple_proxy', first: true, first_human: false, block: '17.58.101.0/24', n: '1' },
      { class: 'human', first: false, first_human: false, block: '81.2.17.0/24', n: '1' },
      { class: 'human', first: false, first_human: true, block: '81.2.7.0/24', n: '1' },
    ]);
    const [counts] = await queryRows<Record<string, string>>(
      t.db,
      sql`SELECT opens::text, opened::text, human_opens::text, human_opened::text
            FROM mailing_stat_counts WHERE mailing_id = 1`,
    );
    expect(counts).toEqual({ opens: '2500', opened: '1', human_opens: '2', human_opened: '1' });
    const unique = await t.get('/api/v1/statistics/opens?unique=true&class=human');
    expect(unique.json()).toMatchObject({ count: 1, results: [{ class: 'human' }] });
  });
});
