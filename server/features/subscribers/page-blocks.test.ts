import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  gateSubscriberPageSteps,
  prepareSubscriberPages,
  BLOCK_ROWS,
  subscriberPagesPrepared,
  type BlockOrdering,
} from './page-blocks.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Page = { count: number; results: { id: number }[] };
const base = (listId: number) => `/api/v1/lists/${listId}/subscribers`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `n` subscribers in every state, emails in no particular order and mixed case. */
async function seed(listId: number, n: number, from = 1) {
  await t.db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email)
    SELECT ${listId},
           (ARRAY['active','pending','active','bounced','unsubscribed','deleted','active'])[1 + i % 7],
           CASE WHEN i % 3 = 0 THEN 'User' ELSE 'user' END || ((i * 7919) % 100003) || '@example.com'
      FROM generate_series(${from}::int, ${from + n - 1}::int) AS i`);
}

const orderBy: Record<string, string> = {
  id: 'id',
  '-id': 'id DESC',
  email: 'lower(email)',
  '-email': 'lower(email) DESC',
};

/** Page by page, what the API answers equals the same page straight from SQL. */
async function expectPagesMatchSql(listId: number, label: string) {
  for (const ordering of Object.keys(orderBy)) {
    for (const state of [undefined, 'active', 'deleted']) {
      const where = state ? sql`subscription = ${state}` : sql`subscription <> 'deleted'`;
      const expected = rowsOf<{ id: number }>(
        await t.db.execute(sql`
          SELECT id FROM subscribers WHERE list_id = ${listId} AND ${where}
           ORDER BY ${sql.raw(orderBy[ordering]!)}`),
      ).map((r) => r.id);
      const size = 25;
      const last = Math.ceil(expected.length / size);
      // Every sixth page and the last: pages starting anywhere in a block (so scanned from
      // either end of it) and in the tail.
      const numbers = new Set([
        ...Array.from({ length: Math.ceil(last / 6) }, (_, i) => 1 + i * 6),
        last,
      ]);
      for (const number of numbers) {
        const query = `ordering=${ordering}&page_size=${size}&page=${number}${state ? `&subscription=${state}` : ''}`;
        const res = await t.get(`${base(listId)}?${query}`);
        expect(res.statusCode, query).toBe(200);
        const page = res.json() as Page;
        expect(
          page.results.map((r) => r.id),
          `${label}: ${query}`,
        ).toEqual(expected.slice((number - 1) * size, number * size));
        expect(page.count).toBe(expected.length);
      }
    }
  }
}

/** Each block's stored counts minus its rows counted afresh: all zero when exact. */
async function blockErrors(listId: number) {
  const errors: unknown[] = [];
  for (const ordering of ['id', 'email'] as BlockOrdering[]) {
    const column = sql.raw(ordering === 'id' ? 'id_key' : 'email_key');
    const key = sql.raw(ordering === 'id' ? 'r.id' : 'lower(r.email)');
    const states = ['active', 'pending', 'bounced', 'unsubscribed', 'deleted'];
    const rows = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`
        WITH seg AS (
          SELECT ${column} AS k, lag(${column}) OVER (ORDER BY ${column}) AS prev,
                 active, pending, bounced, unsubscribed, deleted
            FROM subscriber_page_blocks WHERE list_id = ${listId} AND ${column} IS NOT NULL)
        SELECT seg.k::text AS key, ${sql.join(
          states.map(
            (s) =>
              sql`seg.${sql.raw(s)} - count(r.id) FILTER (WHERE r.subscription = ${s}) AS ${sql.raw(s)}`,
          ),
          sql`, `,
        )}
          FROM seg LEFT JOIN subscribers r
            ON r.list_id = ${listId} AND ${key} <= seg.k AND (seg.prev IS NULL OR ${key} > seg.prev)
         GROUP BY seg.k, seg.active, seg.pending, seg.bounced, seg.unsubscribed, seg.deleted`),
    );
    for (const row of rows) {
      if (states.some((s) => Number(row[s]) !== 0)) errors.push({ ordering, ...row });
    }
  }
  return errors;
}

const blockCount = async (listId: number) =>
  Number(
    rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM subscriber_page_blocks WHERE list_id = ${listId}`,
      ),
    )[0]!.n,
  );

describe('pages reached by number through page blocks', () => {
  it('equal pages from SQL in every ordering and state, and the blocks stay exact through single changes', async () => {
    const listId = await createList(t);
    await seed(listId, 1500);
    // Small blocks, so 1,500 rows make dozens of them and a tail.
    await prepareSubscriberPages(t.db, listId, 40);
    expect(await blockCount(listId)).toBeGreaterThan(60);
    expect(await blockErrors(listId)).toEqual([]);
    await expectPagesMatchSql(listId, 'cut');

    // A new address sorts into a middle block by email and the tail by id.
    const created = await t.post(base(listId), { email: 'MMM-new@example.com' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    await t.post(`${base(listId)}/${id}/unsubscribe`);
    await t.patch(`${base(listId)}/${id}`, { email: 'aaa-moved@example.com' });
    await t.patch(`${base(listId)}/700`, { email: 'zzz-moved@example.com' });
    await t.delete(`${base(listId)}/400`);
    // A few rows at once, a hard delete and a move to another list.
    const other = await createList(t, { name: 'Other' });
    await t.db.execute(sql`
      UPDATE subscribers SET subscription = 'bounced'
       WHERE list_id = ${listId} AND id BETWEEN 100 AND 160`);
    await t.db.execute(sql`DELETE FROM subscribers WHERE list_id = ${listId} AND id IN (5, 900)`);
    await t.db.execute(sql`UPDATE subscribers SET list_id = ${other} WHERE id IN (10, 1000)`);
    expect(await blockErrors(listId)).toEqual([]);
    await expectPagesMatchSql(listId, 'after single changes');
  });

  it('a statement changing many rows drops the list’s blocks; pages stay right and the blocks are cut again', async () => {
    const listId = await createList(t);
    await seed(listId, 1200);
    await prepareSubscriberPages(t.db, listId, 40);
    expect(await blockCount(listId)).toBeGreaterThan(0);
    await seed(listId, 300, 5000);
    expect(await blockCount(listId)).toBe(0);
    await expectPagesMatchSql(listId, 'without blocks');
    await prepareSubscriberPages(t.db, listId, 40);
    await t.db.execute(sql`
      UPDATE subscribers SET subscription = 'unsubscribed'
       WHERE list_id = ${listId} AND subscription = 'pending'`);
    expect(await blockCount(listId)).toBe(0);
    await prepareSubscriberPages(t.db, listId, 40);
    expect(await blockErrors(listId)).toEqual([]);
    await expectPagesMatchSql(listId, 'cut again');
  });

  it('stays exact when subscribers change while the blocks are being cut', async () => {
    const listId = await createList(t);
    await seed(listId, 1000);
    const writes = Array.from({ length: 40 }, async (_, i) => {
      if (i % 2) return t.post(base(listId), { email: `during${i}@example.com` });
      return t.post(`${base(listId)}/${i * 20 + 1}/unsubscribe`);
    });
    await Promise.all([prepareSubscriberPages(t.db, listId, 30), ...writes]);
    expect(await blockErrors(listId)).toEqual([]);
    await prepareSubscriberPages(t.db, listId, 30);
    expect(await blockErrors(listId)).toEqual([]);
    await expectPagesMatchSql(listId, 'after concurrent writes');
  });

  it('waits between steps at the gate set for the database (PGlite: until no request is in flight)', async () => {
    const listId = await createList(t);
    await seed(listId, 1500);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let asked = 0;
    gateSubscriberPageSteps(t.db, () => {
      asked++;
      return gate;
    });
    try {
      const run = prepareSubscriberPages(t.db, listId, 40);
      for (let i = 0; i < 500 && asked === 0; i++) await new Promise((r) => setTimeout(r, 10));
      const afterOneStep = await blockCount(listId);
      expect(afterOneStep).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await blockCount(listId)).toBe(afterOneStep);
      expect(asked).toBe(1);

      open();
      await run;
      expect(await blockCount(listId)).toBeGreaterThan(60);
      expect(await blockErrors(listId)).toEqual([]);
    } finally {
      // The other tests' runs go on at the next turn of the event loop.
      gateSubscriberPageSteps(t.db, () => new Promise((resolve) => setImmediate(resolve)));
    }
  });

  it('a deep page, or page 1, of a large list without blocks starts cutting them; later pages come from them', async () => {
    const listId = await createList(t);
    await seed(listId, BLOCK_ROWS * 2 + 500);
    const url = `${base(listId)}?ordering=-email&page_size=50&page=${BLOCK_ROWS / 50}`;
    const before = (await t.get(url)).json() as Page;
    await subscriberPagesPrepared();
    expect(await blockCount(listId)).toBeGreaterThanOrEqual(2);
    expect(await blockErrors(listId)).toEqual([]);
    expect(((await t.get(url)).json() as Page).results).toEqual(before.results);
    // Deleting the list takes its blocks with it.
    await t.delete(`/api/v1/lists/${listId}`);
    expect(await blockCount(listId)).toBe(0);

    // As a list is opened: its first page.
    const opened = await createList(t, { name: 'Opened' });
    await seed(opened, BLOCK_ROWS * 2 + 500);
    expect((await t.get(`${base(opened)}?ordering=email`)).statusCode).toBe(200);
    await subscriberPagesPrepared();
    expect(await blockCount(opened)).toBeGreaterThanOrEqual(2);
    expect(await blockErrors(opened)).toEqual([]);
  });
});
