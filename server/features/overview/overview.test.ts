import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PASSWORD = 'a long enough password';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The slow way: every history row of a list, counted per day, as the counters should be. */
async function recount(listId: number) {
  return queryRows<Record<string, string>>(
    t.db,
    sql`SELECT (h.at AT TIME ZONE 'UTC')::date::text AS day,
               sum(CASE WHEN h.kind = 'created'
                        THEN coalesce((SELECT sum(upper(r) - lower(r)) FROM unnest(h.created_ids) r), 1)
                        ELSE 0 END)::int AS subscribed,
               count(*) FILTER (WHERE h.new_value #>> '{}' = 'active' AND h.old_value #>> '{}' = 'pending')::int AS confirmed,
               count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'unsubscribed'
                                  AND h.via IS DISTINCT FROM 'complaint')::int AS unsubscribed,
               count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'bounced')::int AS bounced,
               count(*) FILTER (WHERE h.kind = 'state' AND h.via = 'complaint')::int AS complained
          FROM subscriber_history h WHERE h.list_id = ${listId} AND h.kind IN ('created', 'state')
         GROUP BY 1 ORDER BY 1`,
  );
}

/** A subscriber's state change on an earlier day, as its trigger would have recorded it. */
const pastChange = (
  listId: number,
  subscriberId: number,
  day: string,
  from: string,
  to: string,
  via: string | null = null,
) =>
  t.db.execute(sql`
    INSERT INTO subscriber_history (list_id, subscriber_id, at, kind, field, old_value, new_value, via)
    VALUES (${listId}, ${subscriberId}, ${`${day}T12:00:00Z`}::timestamptz, 'state', 'subscription',
            to_jsonb(${from}::text), to_jsonb(${to}::text), ${via})`);

describe('growth: GET /api/v1/lists/{id}/growth and the audience card', () => {
  it('counts from the kept day counters what a recount of the history finds', async () => {
    const list = await createList(t, { name: 'Hut news' });
    const other = await createList(t, { name: 'Other', default_from_email: 'o@acme.example' });
    // One statement of 50 (an import batch's shape: one history row with id ranges), 10 of
    // them pending; then single creations, confirmations and unsubscribes through the API.
    await t.db.execute(sql`
      INSERT INTO subscribers (list_id, email, subscription)
      SELECT ${list}, 'p' || i || '@example.com', CASE WHEN i <= 10 THEN 'pending' ELSE 'active' END
        FROM generate_series(1, 50) AS i`);
    for (const i of [1, 2, 3]) {
      const res = await t.post(`/api/v1/lists/${list}/subscribers`, { email: `a${i}@example.com` });
      expect(res.statusCode).toBe(201);
    }
    await t.post(`/api/v1/lists/${other}/subscribers`, { email: 'x@example.com' });
    for (const id of [1, 2]) await t.post(`/api/v1/lists/${list}/subscribers/${id}/activate`);
    for (const id of [11, 12, 13])
      await t.post(`/api/v1/lists/${list}/subscribers/${id}/unsubscribe`);
    // Earlier days, as their history rows were written then.
    await pastChange(list, 20, daysAgo(3), 'active', 'unsubscribed');
    await pastChange(list, 21, daysAgo(40), 'active', 'bounced');
    await pastChange(list, 3, daysAgo(40), 'pending', 'active');
    // A spam complaint unsubscribes (issue 52): counted as a complaint, not an unsubscribe.
    await pastChange(list, 22, daysAgo(3), 'active', 'unsubscribed', 'complaint');

    const expected = await recount(list);
    const series = await t.get(`/api/v1/lists/${list}/growth?from=${daysAgo(45)}&to=${today()}`);
    expect(series.statusCode).toBe(200);
    const buckets = series.json<Record<string, number | string>[]>();
    expect(buckets).toHaveLength(46);
    const busy = buckets.filter(
      (b) => b.subscribed || b.confirmed || b.unsubscribed || b.bounced || b.complained,
    );
    expect(
      busy.map(({ bucket, subscribed, confirmed, unsubscribed, bounced, complained }) => ({
        day: bucket,
        subscribed,
        confirmed,
        unsubscribed,
        bounced,
        complained,
      })),
    ).toEqual(expected);
    expect(buckets.find((b) => b.bucket === daysAgo(3))).toMatchObject({
      unsubscribed: 1,
      complained: 1,
    });
    expect(busy.at(-1)).toMatchObject({ subscribed: 53, confirmed: 2, unsubscribed: 3 });

    // Active now is the kept count; on earlier days it is that less each later day's change.
    const counts = (await t.get(`/api/v1/lists/${list}`)).json().subscriber_counts;
    expect(counts.active).toBe(40 + 3 + 2 - 3);
    expect(buckets.at(-1)!.active).toBe(counts.active);
    expect(buckets.find((b) => b.bucket === daysAgo(3))!.active).toBe(counts.active - 45 + 3);
    // Day 3 lost two: an unsubscribe and a complaint.
    expect(buckets.find((b) => b.bucket === daysAgo(4))!.active).toBe(counts.active - 45 + 3 + 2);

    // The people behind a day's unsubscribes, from the history.
    const people = (await t.get(`/api/v1/lists/${list}/unsubscribes?date=${today()}`)).json();
    expect(people.map((p: { email: string }) => p.email)).toEqual([
      'p13@example.com',
      'p12@example.com',
      'p11@example.com',
    ]);
    const earlier = (await t.get(`/api/v1/lists/${list}/unsubscribes?date=${daysAgo(3)}`)).json();
    // Both who left that day, the complaint with its reason.
    expect(earlier).toEqual([
      {
        subscriber: 22,
        email: 'p22@example.com',
        datetime: `${daysAgo(3)}T12:00:00.000Z`,
        via: 'complaint',
      },
      {
        subscriber: 20,
        email: 'p20@example.com',
        datetime: `${daysAgo(3)}T12:00:00.000Z`,
        via: null,
      },
    ]);

    const weekly = (
      await t.get(`/api/v1/lists/${list}/growth?from=${daysAgo(45)}&interval=month`)
    ).json<{ subscribed: number; bounced: number }[]>();
    expect(weekly.reduce((s, b) => s + b.subscribed, 0)).toBe(53);
    expect(weekly.reduce((s, b) => s + b.bounced, 0)).toBe(1);

    const overview = (await t.get('/api/v1/overview')).json();
    const hut = overview.audience.lists.find((l: { id: number }) => l.id === list);
    // Today's creations and changes; the day-3 unsubscribe and complaint; the day-40 ones only in 90 days.
    expect(hut).toEqual({
      id: list,
      name: 'Hut news',
      active: counts.active,
      change: { days_7: 45 - 3 - 2, days_30: 45 - 3 - 2, days_90: 45 - 3 - 2 - 1 + 1 },
      since: daysAgo(40),
    });
    expect(overview.audience.active).toBe(counts.active + 1);
  });

  it('refuses a reversed or unknown period and an unknown list', async () => {
    const list = await createList(t);
    const reversed = await t.get(`/api/v1/lists/${list}/growth?from=2026-02-01&to=2026-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ from: ['Must not be after "to".'] });
    expect((await t.get(`/api/v1/lists/${list}/growth?interval=year`)).statusCode).toBe(400);
    expect((await t.get('/api/v1/lists/999/growth')).statusCode).toBe(404);
    expect((await t.get(`/api/v1/lists/${list}/unsubscribes`)).json()).toEqual({
      date: ['This field is required.'],
    });
    expect((await t.get('/api/v1/lists/999/unsubscribes?date=2026-01-01')).statusCode).toBe(404);
  });
});

describe('overview: GET /api/v1/overview', () => {
  async function mailingWithDelivery(list: number, name: string) {
    const res = await t.post('/api/v1/mailings', {
      list,
      name,
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const mailing = res.json<{ id: number }>().id;
    const [delivery] = (await t.get(`/api/v1/mailings/${mailing}/deliveries`)).json<
      { id: number }[]
    >();
    return { mailing, delivery: delivery!.id };
  }

  it('shows the last mailings from kept counts, and each role only its cards and lists', async () => {
    const list = await createList(t, { name: 'Mine' });
    const other = await createList(t, { name: 'Theirs' });
    const mine = await mailingWithDelivery(list, 'Spring letter');
    const theirs = await mailingWithDelivery(other, 'Other letter');
    await t.db.execute(sql`UPDATE deliveries SET status = 'running', started_datetime = now()`);
    // Opens in two statements, repeats of an address among them; clicks; one bounce.
    const record = (table: string, emails: string[], extra = '') =>
      t.db.execute(
        sql.raw(`INSERT INTO ${table} (delivery_id, mailing_id, email, datetime${extra ? ', url' : ''})
                 SELECT ${mine.delivery}, ${mine.mailing}, e, now()${extra ? `, '${extra}'` : ''}
                   FROM unnest(ARRAY['${emails.join("','")}']) AS e`),
      );
    await record('stat_opens', ['a@x.org', 'b@x.org', 'a@x.org']);
    await record('stat_opens', ['a@x.org', 'c@x.org']);
    await record('stat_clicks', ['a@x.org', 'a@x.org'], 'https://x.org');
    await t.db.execute(sql`INSERT INTO stat_bounces (delivery_id, mailing_id, email, datetime, hard)
                           VALUES (${mine.delivery}, ${mine.mailing}, 'd@x.org', now(), true)`);
    // A machine's open (Apple's proxy, issue 51) and a spam complaint (issue 52).
    await t.db.execute(sql`INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime, class)
                           VALUES (${mine.delivery}, ${mine.mailing}, 'e@x.org', now(), 'apple_proxy')`);
    await t.db.execute(sql`INSERT INTO stat_complaints
        (delivery_id, mailing_id, email, datetime, feedback_type, source)
      VALUES (${mine.delivery}, ${mine.mailing}, 'b@x.org', now(), 'abuse', 'arf')`);
    const [opens] = await queryRows<{ opened: number; opens: number; human: number }>(
      t.db,
      sql`SELECT count(DISTINCT email)::int AS opened, count(*)::int AS opens,
                 count(DISTINCT email) FILTER (WHERE class = 'human')::int AS human
            FROM stat_opens WHERE mailing_id = ${mine.mailing}`,
    );
    expect([opens!.opened, opens!.human]).toEqual([4, 3]);

    const admin = (await t.get('/api/v1/overview')).json();
    expect(admin.mailings).toHaveLength(2);
    expect(admin.mailings.find((m: { id: number }) => m.id === mine.mailing)).toMatchObject({
      name: 'Spring letter',
      list,
      sent: 0,
      opened: opens!.opened,
      clicked: 1,
      bounces: 1,
      human_opened: opens!.human,
      human_clicked: 1,
      complaints: 1,
    });
    expect(
      admin.running.deliveries.map((d: { mailing_name: string }) => d.mailing_name).sort(),
    ).toEqual(['Other letter', 'Spring letter']);
    expect(admin.running).toMatchObject({ automations: [], imports: [] });
    // No DKIM in tests: the sender domain fails DMARC alignment.
    expect(admin.warnings.map((w: { kind: string }) => w.kind)).toContain('sender_domain');

    await t.db.execute(sql`UPDATE deliveries SET status = 'paused',
                             pause_reason = '535 5.7.8 Authentication credentials invalid'
                            WHERE id = ${theirs.delivery}`);
    const paused = (await t.get('/api/v1/overview')).json();
    expect(paused.warnings).toContainEqual({
      kind: 'smtp_login_refused',
      message: expect.stringContaining('Other letter'),
      link: `/mailings/${theirs.mailing}`,
    });

    const as = async (role: string, lists?: { list: number; access: string }[]) => {
      const username = `${role}${lists ? '.limited' : ''}@example.com`;
      await t.post('/api/v1/users', { username, password: PASSWORD, role, lists });
      return (
        await t.request({
          method: 'GET',
          url: '/api/v1/overview',
          headers: { authorization: basic(username, PASSWORD) },
        })
      ).json();
    };
    const support = await as('support');
    expect(Object.keys(support).sort()).toEqual(['audience', 'running']);
    expect(Object.keys(support.running)).toEqual(['imports']);
    const analyst = await as('analyst');
    expect(Object.keys(analyst).sort()).toEqual(['audience', 'mailings', 'running', 'warnings']);
    // Reads no settings or webhooks: only the paused delivery it can see.
    expect(analyst.warnings.map((w: { kind: string }) => w.kind)).toEqual(['smtp_login_refused']);
    const limited = await as('marketer', [{ list, access: 'read' }]);
    expect(limited.audience.lists.map((l: { name: string }) => l.name)).toEqual(['Mine']);
    expect(limited.mailings.map((m: { name: string }) => m.name)).toEqual(['Spring letter']);
    expect(limited.running.deliveries).toHaveLength(1);
    expect(limited.warnings).toEqual([]);
  });
});

describe('overview: human counts kept as classes change', () => {
  it('equals a recount after reclassification and the burst pass flip hits, and after a rename', async () => {
    const list = await createList(t, { name: 'Flips' });
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Flip letter',
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }],
        },
      ],
    });
    const mailing = res.json<{ id: number }>().id;
    await t.db.execute(sql`UPDATE deliveries SET status = 'done', started_datetime = now()`);
    const [agent] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO tracking_user_agents (agent) VALUES ('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0')
          RETURNING id`,
    );
    const scannerHead = 1 << 5; // any machine bit; reclassification recomputes it from the signals
    // email, class, reasons, agent (null: none, a machine's sign); all an hour after sending.
    const hits = (table: string, rows: [string, string, number, boolean, string?][]) =>
      t.db.execute(
        sql.raw(`INSERT INTO ${table} (delivery_id, mailing_id, email, datetime, class, reasons, agent_id,
                                       client_block, seconds${table === 'stat_clicks' ? ', url' : ''})
                 SELECT d.id, ${mailing}, r.email, now(), r.class, r.reasons, r.agent, '81.2.69.0/24', 3600
                        ${table === 'stat_clicks' ? ', r.url' : ''}
                   FROM deliveries d, (VALUES ${rows
                     .map(
                       ([email, cls, reasons, withAgent, url]) =>
                         `('${email}', '${cls}', ${reasons}, ${withAgent ? agent!.id : 'NULL::int'}, '${url ?? ''}')`,
                     )
                     .join(', ')}) AS r(email, class, reasons, agent, url)`),
      );
    await hits('stat_opens', [
      ['a@x.org', 'human', 0, true],
      ['b@x.org', 'human', 0, false], // no user agent: a prefetch once reclassified
      ['b@x.org', 'human', 0, true],
      ['c@x.org', 'human', 0, false],
      ['d@x.org', 'scanner', scannerHead, true], // a person after all
    ]);
    // e's client hits two links at once (a burst); f's click was wrongly a scanner's.
    await hits('stat_clicks', [
      ['e@x.org', 'human', 0, true, 'https://x.org/1'],
      ['e@x.org', 'human', 0, true, 'https://x.org/2'],
      ['f@x.org', 'scanner', scannerHead, true, 'https://x.org/1'],
      ['g@x.org', 'human', 0, true, 'https://x.org/1'],
    ]);
    const recount = async () => {
      const [row] = await queryRows<Record<string, number>>(
        t.db,
        sql`SELECT (SELECT count(DISTINCT (delivery_id, email)) FROM stat_opens
                     WHERE mailing_id = ${mailing} AND class = 'human')::int AS human_opened,
                   (SELECT count(DISTINCT (delivery_id, email)) FROM stat_clicks
                     WHERE mailing_id = ${mailing} AND class = 'human')::int AS human_clicked,
                   (SELECT count(*) FROM stat_opens WHERE mailing_id = ${mailing} AND class = 'human')::int AS opens,
                   (SELECT count(*) FROM stat_clicks WHERE mailing_id = ${mailing} AND class = 'human')::int AS clicks`,
      );
      const [kept] = await queryRows<Record<string, number>>(
        t.db,
        sql`SELECT human_opens::int AS opens, human_clicks::int AS clicks FROM mailing_stat_counts
             WHERE mailing_id = ${mailing}`,
      );
      return { ...row!, ...kept! };
    };
    const shown = async () => {
      const [card] = (await t.get('/api/v1/overview')).json().mailings;
      const kept = await recount();
      return {
        human_opened: card.human_opened as number,
        human_clicked: card.human_clicked as number,
        opens: kept.opens,
        clicks: kept.clicks,
      };
    };
    const before = await recount();
    expect(before).toEqual({ human_opened: 3, human_clicked: 2, opens: 4, clicks: 3 });
    expect(await shown()).toEqual(before);

    const reclassified = await t.post('/api/v1/statistics/reclassify', {});
    expect(reclassified.statusCode, reclassified.body).toBe(200);
    const after = await recount();
    // b stays a person by its other open, c is a prefetch, d a person; e's burst is a
    // scanner's, f a person.
    expect(after).toMatchObject({ human_opened: 3, human_clicked: 2, opens: 3, clicks: 2 });
    expect(await shown()).toEqual(after);
    // An erasure's pseudonym (person-data) renames a person's records.
    await t.db.execute(sql`UPDATE stat_opens SET email = 'erased-1' WHERE email = 'a@x.org'`);
    await t.db.execute(sql`UPDATE stat_opens SET class = 'prefetch' WHERE email = 'd@x.org'`);
    expect(await shown()).toEqual({ ...(await recount()), human_opened: 2 });
  });
});

describe('overview: automations with runs waiting', () => {
  it('keeps the waiting runs as runs enter, move on, end and go', async () => {
    const list = await createList(t, { name: 'Welcome list' });
    const [automation] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO automations (list_id, name, state, trigger, trigger_type)
          VALUES (${list}, 'Welcome', 'active', '{"type":"subscribed"}', 'subscribed') RETURNING id`,
    );
    const id = automation!.id;
    await t.db.execute(sql`INSERT INTO automation_runs (automation_id, subscriber_id, email)
                           SELECT ${id}, i, 'r' || i || '@x.org' FROM generate_series(1, 6) AS i`);
    await t.db.execute(sql`UPDATE automation_runs SET step_position = 1 WHERE subscriber_id <= 3`);
    await t.db.execute(
      sql`UPDATE automation_runs SET state = 'finished' WHERE subscriber_id IN (1, 2)`,
    );
    await t.db.execute(sql`UPDATE automation_runs SET state = 'active' WHERE subscriber_id = 2`);
    await t.db.execute(sql`DELETE FROM automation_runs WHERE subscriber_id IN (5, 1)`);
    const [recount] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM automation_runs WHERE automation_id = ${id} AND state = 'active'`,
    );
    expect(recount!.n).toBe(4);
    const overview = (await t.get('/api/v1/overview')).json();
    expect(overview.running.automations).toEqual([
      { id, name: 'Welcome', list, waiting: recount!.n },
    ]);
  });
});
