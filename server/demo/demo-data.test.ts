import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { isRegionCode } from '../../contract/region-codes.js';
import { loadDemoData } from './demo-data.js';
import { LIVE_MAILING_NAME } from './live-delivery.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Rows of a raw query; both drivers answer `{ rows }`. */
const query = async <T>(statement: SQL) =>
  ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows;

const fingerprint = async () =>
  (
    await query<{ md5: string }>(
      sql`select md5(string_agg(concat_ws('|', id, list_id, email, subscription, first_name, last_name,
            gender, date_of_birth, language, region, custom::text,
            -- hard bounces during the deliveries (times relative to now) change states later
            CASE WHEN update_datetime < '2025-06-02' THEN update_datetime END,
            -- so do the welcome sequence's recent sign-ups
            CASE WHEN create_datetime < '2025-06-02' THEN create_datetime END), ','
            order by id))
          || (select md5(string_agg(concat_ws('|', id, list_id, name, filter::text), ',' order by id)) from segments)
          || (select md5(string_agg(concat_ws('|', id, name, description), ',' order by id)) from campaigns)
          as md5 from subscribers`,
    )
  )[0]!.md5;

describe('loadDemoData', () => {
  it('fills an empty database once, the same way every time', async () => {
    await t.reset();
    const summary = await loadDemoData(t.db);
    expect(summary).toMatch(/^3 lists \(.*\), 5,300 subscribers/);
    expect(summary).not.toContain('live delivery'); // only when asked
    expect(await loadDemoData(t.db)).toBeUndefined();
    const first = await fingerprint();
    await t.reset();
    expect(await loadDemoData(t.db)).toBe(summary);
    expect(await fingerprint()).toBe(first);
    // Loads the whole demo twice (statistics triggers included): slow on a busy 2-core machine.
  }, 120_000);

  it('has lists of different languages, one double opt-in, and subscribers in all five states', async () => {
    const lists = (await t.get('/api/v1/lists')).json().results as {
      id: number;
      languages: string[];
      double_opt_in: boolean;
      subscriber_counts: Record<string, number>;
    }[];
    expect(lists.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lists.map((l) => l.languages.join('+'))).size).toBe(lists.length);
    expect(lists.some((l) => l.languages.length >= 3)).toBe(true);
    expect(lists.filter((l) => l.double_opt_in)).toHaveLength(1);
    const totals: Record<string, number> = {};
    for (const l of lists)
      for (const [state, n] of Object.entries(l.subscriber_counts))
        totals[state] = (totals[state] ?? 0) + n;
    expect(Object.values(totals).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(5000);
    for (const state of ['active', 'pending', 'bounced', 'unsubscribed', 'deleted'])
      expect(totals[state], state).toBeGreaterThan(0);
  });

  it('gives subscribers valid languages, regions, birthdays and mostly filled custom fields', async () => {
    const rows = await query<{
      bad_language: number;
      bad_email: number;
      regions: string[];
      with_birthday: number;
      with_interest: number;
      with_customer_id: number;
      total: number;
    }>(sql`
      select count(*) filter (where s.language <> '' and not s.language = any(l.languages))::int as bad_language,
             count(*) filter (where s.email !~ '^[A-Za-z0-9._]+@[a-z.]+$')::int as bad_email,
             array_agg(distinct s.region) as regions,
             count(s.date_of_birth)::int as with_birthday,
             count(*) filter (where s.custom ? 'interest')::int as with_interest,
             count(*) filter (where s.custom ? 'customer_id')::int as with_customer_id,
             count(*)::int as total
        from subscribers s join lists l on l.id = s.list_id`);
    const stats = rows[0]!;
    expect(stats.bad_language).toBe(0);
    expect(stats.bad_email).toBe(0);
    expect(stats.regions.filter((r) => r !== '' && !isRegionCode(r))).toEqual([]);
    expect(stats.regions.some((r) => r.includes('-'))).toBe(true);
    expect(stats.with_birthday / stats.total).toBeGreaterThan(0.7);
    expect(stats.with_interest / stats.total).toBeGreaterThan(0.7);
    expect(stats.with_customer_id / stats.total).toBeGreaterThan(0.6);
  });

  it('serves demo subscribers through the API, and they pass its own validation', async () => {
    const page = (await t.get('/api/v1/lists/2/subscribers?page_size=5')).json();
    expect(page.count).toBeGreaterThan(1000);
    for (const s of page.results) {
      expect(s).toHaveProperty('customer_id');
      expect(s).toHaveProperty('company');
      expect(s).toHaveProperty('interest');
      // Read-only members sent back are ignored, as in DRF.
      const res = await t.put(`/api/v1/lists/2/subscribers/${s.id}`, s);
      expect(res.statusCode, JSON.stringify(s)).toBe(200);
    }
  });
});

describe('demo automation', () => {
  it('has a welcome sequence whose runs stand at every step, finished or ended, held while paused', async () => {
    const lists = (await t.get('/api/v1/lists')).json().results as { id: number; name: string }[];
    const found: {
      id: number;
      list: number;
      steps: { stats: Record<string, number> }[];
      runs: Record<string, number>;
    }[] = [];
    for (const l of lists)
      found.push(...(await t.get(`/api/v1/lists/${l.id}/automations`)).json().results);
    expect(found).toMatchObject([
      {
        name: 'Welcome sequence',
        state: 'paused', // the live demo (DEMO_LIVE_DELIVERY) activates it
        steps: [
          { type: 'send' },
          { type: 'wait' },
          { type: 'send' },
          { type: 'wait' },
          { type: 'condition', if: { opened: 0 } },
          { type: 'send' },
        ],
      },
    ]);
    const { id, list, steps, runs } = found[0]!;
    expect(runs.active).toBeGreaterThan(0);
    expect(runs.finished).toBeGreaterThan(0);
    expect(runs.exited).toBeGreaterThan(0);
    const stat = (i: number, key: string) => steps[i]!.stats[key]!;
    // A funnel: every welcome went out but those still due; fewer got tips, fewer the offer.
    expect(stat(0, 'sent')).toBeGreaterThan(stat(2, 'sent'));
    expect(stat(2, 'sent')).toBeGreaterThan(stat(5, 'sent'));
    expect(stat(5, 'sent')).toBeGreaterThan(0);
    expect(stat(0, 'opened')).toBeGreaterThan(0);
    expect(stat(1, 'waiting') + stat(3, 'waiting')).toBeGreaterThan(0);
    // Runs that joined in the last hour are due at the welcome, held by the pause.
    const due = (
      await t.get(`/api/v1/lists/${list}/automations/${id}/runs?state=active&page_size=100`)
    ).json().results as { step: number | null; due_datetime: string | null }[];
    expect(
      due.filter((r) => r.step === null && Date.parse(r.due_datetime!) <= Date.now()).length,
    ).toBe(6);
    const ended = (
      await t.get(`/api/v1/lists/${list}/automations/${id}/runs?state=exited&page_size=100`)
    ).json().results as { exit_reason: string }[];
    expect(ended.map((r) => r.exit_reason)).toEqual(
      expect.arrayContaining(['condition', 'unsubscribed']),
    );
  });

  it('played its history consistently: the offer only after an opened welcome, runs as their people', async () => {
    const [row] = await query<{
      offer_unopened: number;
      stopped_opened: number;
      start_not_joined: number;
      left_still_running: number;
      unsent: number;
      history_at_load: number;
    }>(sql`
      WITH welcome AS (
        SELECT rs.run_id, EXISTS (SELECT 1 FROM stat_opens o
                                   WHERE o.delivery_id = dr.delivery_id AND o.email = dr.email) AS opened
          FROM automation_run_steps rs JOIN delivery_recipients dr ON dr.id = rs.recipient_id
         WHERE rs.step_id = 1)
      SELECT
        (SELECT count(*)::int FROM automation_run_steps rs JOIN welcome w USING (run_id)
          WHERE rs.step_id = 6 AND NOT w.opened) AS offer_unopened,
        (SELECT count(*)::int FROM automation_runs r JOIN welcome w ON w.run_id = r.id
          WHERE r.exit_reason = 'condition' AND w.opened) AS stopped_opened,
        (SELECT count(*)::int FROM automation_runs r JOIN subscribers s ON s.id = r.subscriber_id
          WHERE r.start_datetime <> s.create_datetime) AS start_not_joined,
        (SELECT count(*)::int FROM automation_runs r JOIN subscribers s ON s.id = r.subscriber_id
          WHERE r.state = 'active' AND s.subscription <> 'active') AS left_still_running,
        (SELECT count(*)::int FROM delivery_recipients dr JOIN deliveries d ON d.id = dr.delivery_id
          WHERE d.automation_id IS NOT NULL AND dr.state NOT IN ('sent', 'bounced')) AS unsent,
        (SELECT count(*)::int FROM subscriber_history h JOIN automation_runs r
            ON r.subscriber_id = h.subscriber_id
          WHERE h.at > now() - interval '1 minute' AND r.start_datetime < now() - interval '1 hour')
          AS history_at_load`);
    expect(row).toEqual({
      offer_unopened: 0,
      stopped_opened: 0,
      start_not_joined: 0,
      left_still_running: 0,
      unsent: 0,
      history_at_load: 0,
    });
  });
});

describe('demo deliveries', () => {
  it('counts its growth from the history it played: each subscriber joined once, active adds up', async () => {
    const rows = await query<{
      n: number;
      subscribed: number;
      active: number;
      net: number;
      months: number;
    }>(sql`
      SELECT (SELECT count(*)::int FROM subscribers s WHERE s.list_id = c.list_id) AS n,
             (SELECT sum(subscribed)::int FROM list_growth_days g WHERE g.list_id = c.list_id) AS subscribed,
             c.active::int AS active,
             (SELECT sum(active_change)::int FROM list_growth_days g WHERE g.list_id = c.list_id) AS net,
             (SELECT count(DISTINCT date_trunc('month', day))::int FROM list_growth_days g
               WHERE g.list_id = c.list_id AND g.unsubscribed > 0) AS months
        FROM list_subscriber_counts c ORDER BY c.list_id`);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.subscribed).toBe(row.n);
      expect(row.net).toBe(row.active);
      // Churn spread over the lists' lives, not one day of loading.
      expect(row.months).toBeGreaterThan(3);
    }
  });

  it('shows the past ones as done (they have statistics) and the future ones as scheduled', async () => {
    const rows = await query<{ past: boolean; status: string }>(
      // Automation step deliveries follow their automation (running or paused), not a schedule.
      sql`select distinct scheduled_datetime < now() as past, status from deliveries
           where automation_id is null order by 1`,
    );
    expect(rows).toEqual([
      { past: false, status: 'scheduled' },
      { past: true, status: 'done' },
    ]);
  });

  it('gives every past delivery a send log that agrees with its statistics', async () => {
    const rows = await query<{
      id: number;
      sent: number;
      bounced: number;
      other: number;
      hard: number;
      strangers: number;
      inactive: number;
    }>(sql`
      SELECT d.id,
        (SELECT count(*)::int FROM delivery_recipients r WHERE r.delivery_id = d.id AND r.state = 'sent') AS sent,
        (SELECT count(*)::int FROM delivery_recipients r WHERE r.delivery_id = d.id AND r.state = 'bounced') AS bounced,
        (SELECT count(*)::int FROM delivery_recipients r
          WHERE r.delivery_id = d.id AND r.state NOT IN ('sent', 'bounced')) AS other,
        (SELECT count(*)::int FROM stat_bounces b WHERE b.delivery_id = d.id AND b.hard) AS hard,
        (SELECT count(*)::int FROM (
           SELECT email FROM stat_opens WHERE delivery_id = d.id
           UNION SELECT email FROM stat_clicks WHERE delivery_id = d.id
           UNION SELECT email FROM stat_bounces WHERE delivery_id = d.id) e
          WHERE NOT EXISTS (SELECT 1 FROM delivery_recipients r
                             WHERE r.delivery_id = d.id AND r.email = e.email)) AS strangers,
        (SELECT count(*)::int FROM delivery_recipients r JOIN subscribers s ON s.id = r.subscriber_id
          WHERE r.delivery_id = d.id AND s.subscription NOT IN ('active', 'bounced')) AS inactive
      FROM deliveries d WHERE d.scheduled_datetime < now() AND d.automation_id IS NULL ORDER BY d.id`);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.sent, `delivery ${r.id}`).toBeGreaterThan(100);
      // A hard bounce is the server refusing the message; opens, clicks and bounces come
      // only from recipients; nobody who had left the list got it.
      expect({
        bounced: r.bounced,
        other: r.other,
        strangers: r.strangers,
        inactive: r.inactive,
      }).toEqual({ bounced: r.hard, other: 0, strangers: 0, inactive: 0 });
    }
    // What the API shows as the deliveries' progress is that send log.
    const [mailing] = await query<{ id: number }>(
      sql`SELECT id FROM mailings WHERE name = 'Acme Weekly #41'`,
    );
    const deliveries = (await t.get(`/api/v1/mailings/${mailing!.id}/deliveries`)).json();
    const progress = deliveries[0].progress;
    expect(progress.total).toBeGreaterThan(1000);
    expect(progress.sent + progress.bounced).toBe(progress.total);
    const bounces = (
      await t.get(`/api/v1/statistics/bounces?mailing=${mailing!.id}&hard=true`)
    ).json();
    expect(progress.bounced).toBe(bounces.count);
  });

  it('sets hard-bounced recipients bounced, as their history says, and sends them nothing later', async () => {
    const [row] = await query<{ bounced: number; with_history: number; later: number }>(sql`
      WITH hard AS (
        SELECT r.subscriber_id, r.sent_datetime FROM delivery_recipients r WHERE r.state = 'bounced')
      SELECT count(*)::int AS bounced,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM subscriber_history h WHERE h.subscriber_id = s.id AND h.via = 'bounce'
             AND h.kind = 'state' AND h.at = hard.sent_datetime))::int AS with_history,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM delivery_recipients r2 WHERE r2.subscriber_id = s.id
             AND r2.sent_datetime > hard.sent_datetime))::int AS later
      FROM hard JOIN subscribers s ON s.id = hard.subscriber_id AND s.subscription = 'bounced'`);
    const [all] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM delivery_recipients WHERE state = 'bounced'`,
    );
    expect(row!.bounced).toBe(all!.n);
    expect(row!.bounced).toBeGreaterThan(0);
    expect(row!.with_history).toBe(row!.bounced);
    expect(row!.later).toBe(0);
  });

  it('schedules one small live delivery on the smallest list when asked', async () => {
    await t.reset();
    const before = Date.now();
    const summary = await loadDemoData(t.db, { liveDeliveryMinutes: 3 });
    expect(summary).toContain(`a live delivery of "${LIVE_MAILING_NAME}"`);
    const rows = await query<{
      at: Date | string;
      limit: number;
      list: string;
      status: string;
    }>(sql`
      SELECT d.scheduled_datetime AS at, d."limit", l.name AS list, d.status
        FROM deliveries d JOIN variants v ON v.id = d.variant_id
        JOIN mailings m ON m.id = v.mailing_id JOIN lists l ON l.id = m.list_id
       WHERE m.name = ${LIVE_MAILING_NAME}`);
    expect(rows.length).toBeGreaterThan(0);
    const [smallest] = await query<{ name: string }>(sql`
      SELECT l.name FROM lists l ORDER BY (SELECT count(*) FROM subscribers s WHERE s.list_id = l.id), l.id
       LIMIT 1`);
    for (const r of rows) {
      const due = new Date(r.at).getTime() - before;
      expect(due).toBeGreaterThanOrEqual(3 * 60_000 - 1000);
      expect(due).toBeLessThan(4 * 60_000);
      expect(r).toMatchObject({ list: smallest!.name, status: 'scheduled' });
    }
    expect(rows.reduce((sum, r) => sum + r.limit, 0)).toBeLessThanOrEqual(40);
  }, 90_000);
});
