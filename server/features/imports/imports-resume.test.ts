import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { claimJob, commitBatch, LeaseLostError } from './job-queries.js';
import { blankSubscriber } from './rows.js';
import { allSubscribers, createList, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

class Crash extends Error {}

// 25 data rows: a repeat of row 1's address in the third batch (a duplicate, not an
// existing subscriber, although an earlier batch created it), an invalid row in each part.
const emails = Array.from({ length: 25 }, (_, i) => `person${i}@example.com`);
emails[4] = 'broken-address';
emails[12] = 'bad too';
emails[21] = 'PERSON0@example.com';
emails[23] = 'person15@example.com';
const file = ['email', ...emails].join('\n');
const expected = {
  status: 'done',
  total_rows: 25,
  created: 21,
  skipped_existing: 0,
  skipped_duplicate: 2,
  invalid: 2,
};

async function record(listId: number, id: number) {
  return (await t.get(`/api/v1/lists/${listId}/imports/${id}`)).json();
}

describe('an interrupted import', () => {
  it('resumes after a crash between batches with exact counts and no duplicate rows', async () => {
    const listId = await createList(t);
    const { id } = (await postImport(t, listId, file)).json();

    const crashAfterFirstBatch = () => {
      throw new Crash();
    };
    await expect(
      runImportJobs(t.db, { batchSize: 10, afterBatch: crashAfterFirstBatch }),
    ).rejects.toBeInstanceOf(Crash);
    expect(await record(listId, id)).toMatchObject({
      status: 'running',
      total_rows: null,
      created: 9,
      invalid: 1,
      errors: [{ row: 6, field: 'email' }],
    });

    // A live claim is respected: another worker does not take the job over...
    expect(await runImportJobs(t.db, { batchSize: 10 })).toBe(0);
    // ...until it is stale.
    expect(await runImportJobs(t.db, { batchSize: 10, staleAfterMs: 0 })).toBe(1);

    const done = await record(listId, id);
    expect(done).toMatchObject(expected);
    expect(done.errors.map((e: { row: number }) => e.row)).toEqual([6, 14]);
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers).toHaveLength(21);
    expect(new Set(subscribers.map((s) => s.email.toLowerCase())).size).toBe(21);
  });

  it('resumes after a crash inside a batch without keeping any of it', async () => {
    const listId = await createList(t);
    const { id } = (await postImport(t, listId, file)).json();
    // Breaks the second batch's transaction after its subscribers were inserted.
    await t.db.execute(sql`
      CREATE FUNCTION fail_second_batch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.processed_rows = 20 THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER fail_second_batch BEFORE UPDATE ON imports
        FOR EACH ROW EXECUTE FUNCTION fail_second_batch()`);
    try {
      await expect(runImportJobs(t.db, { batchSize: 10 })).rejects.toThrow();
      expect(await record(listId, id)).toMatchObject({ status: 'running', created: 9 });
      expect(await allSubscribers(t, listId)).toHaveLength(9);
    } finally {
      await t.db.execute(sql`DROP TRIGGER fail_second_batch ON imports`);
      await t.db.execute(sql`DROP FUNCTION fail_second_batch()`);
    }
    await runImportJobs(t.db, { batchSize: 10, staleAfterMs: 0 });
    expect(await record(listId, id)).toMatchObject(expected);
    expect(await allSubscribers(t, listId)).toHaveLength(21);
  });

  it('lets go of a job on shutdown so the next worker resumes it at once', async () => {
    const listId = await createList(t);
    const { id } = (await postImport(t, listId, file)).json();
    let batches = 0;
    await runImportJobs(t.db, {
      batchSize: 10,
      afterBatch: () => {
        batches++;
      },
      shouldStop: () => batches > 0,
    });
    expect(await record(listId, id)).toMatchObject({ status: 'running', created: 9 });
    await runImportJobs(t.db, { batchSize: 10 });
    expect(await record(listId, id)).toMatchObject(expected);
  });

  it('keeps a worker that lost its claim from writing anything', async () => {
    const listId = await createList(t);
    await postImport(t, listId, file);
    const first = (await claimJob(t.db, 0))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await claimJob(t.db, 0))!;
    expect(second.id).toBe(first.id);
    const batch = {
      processedRows: 1,
      candidates: [blankSubscriber('late@example.com')],
      skippedDuplicate: 0,
      invalid: 0,
      errors: [],
    };
    await expect(commitBatch(t.db, first, 'active', batch)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await allSubscribers(t, listId)).toHaveLength(0);
    await commitBatch(t.db, second, 'active', batch);
    expect(await allSubscribers(t, listId)).toHaveLength(1);
  });
});
