import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberPagesPrepared } from '../subscribers/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { queryRows } from '../../db/query-rows.js';
import { createList, postImport } from '../../test/imports.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ importWorker: true });
});
afterAll(() => t.close());

async function importDone(listId: number, file: string) {
  const created = await postImport(t, listId, file);
  expect(created.statusCode).toBe(201);
  let record = created.json();
  for (let i = 0; i < 300 && record.status !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    record = (await t.get(`/api/v1/lists/${listId}/imports/${record.id}`)).json();
  }
  return record;
}

describe('the job loop of the server', () => {
  it('processes an upload after the 201 on its own', async () => {
    const listId = await createList(t);
    const record = await importDone(listId, 'email\na@example.com\nb@example.com\n');
    expect(record).toMatchObject({ status: 'done', total_rows: 2, created: 2 });
  });

  it('cuts the page blocks of a list an import filled, so its deep pages are found at once', async () => {
    const listId = await createList(t);
    const rows = Array.from({ length: 8_500 }, (_, i) => `p${i}@example.com`);
    const record = await importDone(listId, `email\n${rows.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', created: 8_500 });
    // The job's end (after its ANALYZE) starts the cut in the background: wait for it.
    let blocks = { by_id: 0, by_email: 0 };
    for (let i = 0; i < 100 && !(blocks.by_id > 0 && blocks.by_email > 0); i++) {
      await subscriberPagesPrepared();
      const [row] = await queryRows<{ by_id: number | string; by_email: number | string }>(
        t.db,
        sql`SELECT count(id_key) AS by_id, count(email_key) AS by_email
              FROM subscriber_page_blocks WHERE list_id = ${listId}`,
      );
      blocks = { by_id: Number(row!.by_id), by_email: Number(row!.by_email) };
      if (!(blocks.by_id > 0 && blocks.by_email > 0))
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(blocks.by_id).toBeGreaterThan(0);
    expect(blocks.by_email).toBeGreaterThan(0);
    // The last page is the same list the plain query gives.
    const last = await t.get(`/api/v1/lists/${listId}/subscribers?page=340`);
    expect(last.statusCode).toBe(200);
    expect(last.json().results.map((s: { email: string }) => s.email)).toEqual(rows.slice(8_475));
  });
});
