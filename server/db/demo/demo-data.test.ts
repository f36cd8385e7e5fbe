import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { isRegionCode } from '../../lib/region-codes.js';
import { loadDemoData } from '../demo-data.js';

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
            gender, date_of_birth, language, region, custom::text, create_datetime, update_datetime), ','
            order by id)) as md5 from subscribers`,
    )
  )[0]!.md5;

describe('loadDemoData', () => {
  it('fills an empty database once, the same way every time', async () => {
    await t.reset();
    const summary = await loadDemoData(t.db);
    expect(summary).toMatch(/^3 lists \(.*\), 5,300 subscribers/);
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

describe('demo deliveries', () => {
  it('shows the past ones as done (they have statistics) and the future ones as scheduled', async () => {
    const rows = await query<{ past: boolean; status: string }>(
      sql`select distinct scheduled_datetime < now() as past, status from deliveries order by 1`,
    );
    expect(rows).toEqual([
      { past: false, status: 'scheduled' },
      { past: true, status: 'done' },
    ]);
  });
});
