import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { queryRows } from '../../db/query-rows.js';
import { createList, postImport } from '../../test/imports.js';
import { importUpkeep } from './upkeep.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  // Only the upkeep may ANALYZE here: PostgreSQL's autovacuum would as well, when it wakes.
  await t.db.execute(sql`ALTER TABLE subscribers SET (autovacuum_enabled = false)`);
});
afterAll(async () => {
  await t.db.execute(sql`ALTER TABLE subscribers RESET (autovacuum_enabled)`);
  await t.close();
});

/** What the planner believes the subscribers table holds (set by ANALYZE, not by inserts). */
async function plannerRows() {
  const [row] = await queryRows<{ n: number | string }>(
    t.db,
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'subscribers'`,
  );
  return Number(row?.n);
}

async function addRows(listId: number, from: number, count: number) {
  await t.db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email)
    SELECT ${listId}, 'active', 'row' || i || '@example.com'
      FROM generate_series(${from}::int, ${from + count - 1}::int) AS i`);
}

describe('upkeep beside an import', () => {
  it('brings the rows into the planner statistics at the first threshold and each doubling', async () => {
    const listId = await createList(t);
    const errors: unknown[] = [];
    const upkeep = importUpkeep(t.db, {
      onError: (error) => errors.push(error),
      analyzeFirstAtRows: 100,
    });
    const afterCommit = async (processedRows: number) => {
      await upkeep.afterCommit(processedRows);
      await upkeep.drain();
    };

    await addRows(listId, 1, 60);
    const stale = await plannerRows();
    await afterCommit(60);
    expect(await plannerRows()).toBe(stale);

    await addRows(listId, 61, 60);
    await afterCommit(120);
    expect(await plannerRows()).toBe(120);

    // The next one is due at twice the rows of the last: 240.
    await addRows(listId, 121, 100);
    await afterCommit(220);
    expect(await plannerRows()).toBe(120);
    await addRows(listId, 221, 40);
    await afterCommit(260);
    expect(await plannerRows()).toBe(260);
    expect(errors).toEqual([]);
  });

  it('gives the planner the list and state of the rows so far', async () => {
    const listId = await createList(t);
    const upkeep = importUpkeep(t.db, {
      onError: (error) => expect.fail(String(error)),
      analyzeFirstAtRows: 100,
    });
    await addRows(listId, 1, 400);
    await t.db.execute(
      sql`UPDATE subscribers SET subscription = 'unsubscribed' WHERE list_id = ${listId} AND id % 4 = 0`,
    );
    await upkeep.afterCommit(400);
    await upkeep.drain();

    // The planner's row estimate, which ANALYZE's statistics of these columns decide.
    const estimate = async (where: SQL) => {
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        t.db,
        sql`EXPLAIN (FORMAT JSON) SELECT * FROM subscribers WHERE ${where}`,
      );
      const plan = row!['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
        { Plan: { 'Plan Rows': number } },
      ];
      return parsed[0].Plan['Plan Rows'];
    };
    expect(await estimate(sql`list_id = ${listId}`)).toBe(400);
    expect(await estimate(sql`list_id = ${listId} AND subscription = 'unsubscribed'`)).toBe(100);
  });

  it('runs during an import job, not only at its end', async () => {
    const listId = await createList(t);
    const file = ['email', ...Array.from({ length: 300 }, (_, i) => `p${i}@example.com`)];
    await postImport(t, listId, file.join('\n'));
    const seen: number[] = [];
    await runImportJobs(t.db, {
      batchSize: 50,
      analyzeFirstAtRows: 100,
      onUpkeepError: (error) => {
        throw error;
      },
      afterBatch: async ({ processedRows }) => {
        // On PostgreSQL the ANALYZE due after 100 rows runs beside the next batches.
        if (processedRows === 250) await expect.poll(plannerRows).toBeGreaterThanOrEqual(100);
        seen.push(processedRows);
      },
    });
    expect(seen).toEqual([50, 100, 150, 200, 250, 300]);
  });
});
