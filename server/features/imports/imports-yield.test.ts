import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function importStatus(id: number): Promise<string> {
  const { rows } = (await t.db.execute(
    sql`SELECT status FROM imports WHERE id = ${id}`,
  )) as unknown as { rows: { status: string }[] };
  return rows[0]!.status;
}

describe('an import letting API requests go first', () => {
  it('starts each batch only once `beforeBatch` lets it, while the API answers meanwhile', async () => {
    const listId = await createList(t);
    const file = ['email', ...Array.from({ length: 25 }, (_, i) => `p${i}@example.com`)].join('\n');
    const { id } = (await postImport(t, listId, file)).json();

    let open = false;
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let asked = 0;
    // The import's state at each ask: a batch asks while it is running; the planner
    // maintenance after the job asks too (once a table, however many PostgreSQL's statistics,
    // flushed up to seconds late by other connections, say changed), once it is done.
    const states: Promise<string>[] = [];
    const job = runImportJobs(t.db, {
      batchSize: 10,
      beforeBatch: () => {
        asked++;
        const state = importStatus(id);
        states.push(state);
        return state.then(() => (open ? undefined : gate));
      },
    });
    for (let i = 0; i < 200 && asked === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(asked).toBe(1);

    // The first batch waits; the database is free for requests (PGlite's one connection
    // included), and nothing of the batch is written yet.
    const waiting = await t.get(`/api/v1/lists/${listId}/imports/${id}`);
    expect(waiting.json()).toMatchObject({ status: 'running', created: 0 });
    expect((await t.get(`/api/v1/lists/${listId}/subscribers`)).json().count).toBe(0);

    open = true;
    letGo();
    expect(await job).toBe(1);
    // Batches of 10, 10 and the last 5: each asked once.
    const running = (await Promise.all(states)).filter((state) => state === 'running');
    expect(running).toHaveLength(3);
    expect((await t.get(`/api/v1/lists/${listId}/imports/${id}`)).json()).toMatchObject({
      status: 'done',
      created: 25,
    });
  });

  it('asks for the batch size as each batch begins', async () => {
    const listId = await createList(t);
    const file = ['email', ...Array.from({ length: 25 }, (_, i) => `q${i}@example.com`)].join('\n');
    const { id } = (await postImport(t, listId, file)).json();
    const sizes = [3, 5, 10];
    const committed: { processedRows: number; rows: number }[] = [];
    const commitMs: number[] = [];
    await runImportJobs(t.db, {
      batchSize: () => sizes.shift() ?? 4,
      afterBatch: ({ processedRows, rows, commitMs: ms }) => {
        committed.push({ processedRows, rows });
        commitMs.push(ms);
      },
    });
    // The last batch (the job's end) is committed by `finish`, which has no afterBatch.
    expect(committed).toEqual([
      { processedRows: 3, rows: 3 },
      { processedRows: 8, rows: 5 },
      { processedRows: 18, rows: 10 },
      { processedRows: 22, rows: 4 },
    ]);
    // Each batch's transaction was timed (PGlite sizes its next batches by it).
    for (const ms of commitMs) expect(ms).toBeGreaterThan(0);
    expect((await t.get(`/api/v1/lists/${listId}/imports/${id}`)).json()).toMatchObject({
      status: 'done',
      created: 25,
    });
  });
});
