import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createList, importFile } from '../test/imports.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { refreshPlannerStatistics } from './maintenance.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ROWS = 5_000;

/** The plan of the first page of `?subscription=…`, as the subscribers endpoint asks it. */
async function firstPagePlan(listId: number, state: string) {
  const { rows } = (await t.db.execute(sql`
    EXPLAIN SELECT * FROM subscribers
    WHERE list_id = ${listId} AND subscription = ${state}
    ORDER BY id LIMIT 25 OFFSET 0
  `)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('planner statistics', () => {
  it('after an import, the first page of a state filter reads an index instead of sorting the list', async () => {
    const listId = await createList(t);
    const other = await createList(t);
    const csv = (prefix: string) =>
      ['email', ...Array.from({ length: ROWS }, (_, i) => `${prefix}${i}@example.com`)].join('\n');
    expect(await importFile(t, other, csv('other'))).toMatchObject({ status: 'done' });
    expect(await importFile(t, listId, csv('person'))).toMatchObject({
      status: 'done',
      created: ROWS,
    });

    const { rows } = (await t.db.execute(sql`
      SELECT last_analyze, last_vacuum FROM pg_stat_user_tables WHERE relname = 'subscribers'
    `)) as unknown as { rows: { last_analyze: unknown; last_vacuum: unknown }[] };
    expect(rows[0]!.last_analyze ?? rows[0]!.last_vacuum).not.toBeNull();

    for (const state of ['active', 'unsubscribed']) {
      const plan = await firstPagePlan(listId, state);
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/Index (Only )?Scan using \w+ on subscribers/);
    }
    // The planner knows how many rows the filter matches: without statistics it guesses
    // one, and at a million rows that guess makes it fetch them all and sort (docs/decisions/stack-and-sharp-edges.md).
    const scan = /Scan using \w+ on subscribers .*rows=(\d+)/.exec(
      await firstPagePlan(listId, 'active'),
    );
    expect(Number(scan?.[1])).toBeGreaterThan(ROWS / 2);
  }, 120_000);

  it('lets each ANALYZE or VACUUM wait for its turn, as the server lets requests go first', async () => {
    const listId = await createList(t);
    await t.db.execute(sql`
      INSERT INTO subscribers (list_id, subscription, email)
      SELECT ${listId}, 'active', 'turn' || i || '@example.com' FROM generate_series(1, 6000) AS i`);
    const order: string[] = [];
    const result = await refreshPlannerStatistics(t.db, async () => {
      order.push('turn');
    });
    expect(result.vacuumed).toContain('subscribers');
    expect(order).toHaveLength(result.analyzed.length + result.vacuumed.length);
  });
});
