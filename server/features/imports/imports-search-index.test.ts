import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { queryRows } from '../../db/query-rows.js';
import { createList, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// 300 people in batches of 100: each batch has one Zoë, found by search as "zoe".
const file = [
  'email,first_name,last_name',
  ...Array.from({ length: 300 }, (_, i) =>
    i % 100 === 42 ? `zoe${i}@example.com,Zoë,Batch${i}` : `p${i}@example.com,Pat,Smith`,
  ),
].join('\n');

async function importWith(listId: number, onUpkeepError: (error: unknown) => void) {
  const { id } = (await postImport(t, listId, file)).json<{ id: number }>();
  expect(await runImportJobs(t.db, { batchSize: 100, onUpkeepError })).toBe(1);
  return (await t.get(`/api/v1/lists/${listId}/imports/${id}`)).json();
}

async function searchEmails(listId: number, term: string) {
  const res = await t.get(`/api/v1/lists/${listId}/subscribers?search=${term}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: { email: string }[] }>().results.map((s) => s.email);
}

/** Pages of the trigram index's pending list still to merge (merging them as it counts). */
async function pendingPages() {
  const [row] = await queryRows<{ pages: number | string }>(
    t.db,
    sql`SELECT gin_clean_pending_list('subscribers_search_trgm'::regclass) AS pages`,
  );
  return Number(row?.pages);
}

const zoes = ['zoe42@example.com', 'zoe142@example.com', 'zoe242@example.com'];

describe('search over imported people', () => {
  it('finds the people of every batch as soon as the import is done', async () => {
    const listId = await createList(t);
    const errors: unknown[] = [];
    expect(await importWith(listId, (error) => errors.push(error))).toMatchObject({
      status: 'done',
      created: 300,
    });
    expect(errors).toEqual([]);
    expect((await searchEmails(listId, 'zoe')).sort()).toEqual([...zoes].sort());
  });

  it.runIf(onPostgres)(
    'has merged the index pending list on another connection by the end',
    async () => {
      const listId = await createList(t);
      await importWith(listId, (error) => {
        throw error;
      });
      // Without the merges the pending list would hold the 300 rows' trigrams.
      expect(await pendingPages()).toBe(0);
    },
  );

  it.runIf(onPostgres)('completes the import with search correct when merging fails', async () => {
    const listId = await createList(t);
    // The merge names the index; under another name it fails as a missing privilege would.
    await t.db.execute(sql`ALTER INDEX subscribers_search_trgm RENAME TO search_trgm_moved`);
    const errors: unknown[] = [];
    try {
      expect(await importWith(listId, (error) => errors.push(error))).toMatchObject({
        status: 'done',
        created: 300,
        errors: [],
      });
    } finally {
      await t.db.execute(sql`ALTER INDEX search_trgm_moved RENAME TO subscribers_search_trgm`);
    }
    // Reported once, then not tried again for this job.
    expect(errors).toHaveLength(1);
    expect((await searchEmails(listId, 'zoe')).sort()).toEqual([...zoes].sort());
    expect(await pendingPages()).toBeGreaterThan(0);
  });
});
