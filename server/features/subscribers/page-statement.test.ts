import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { oneStatementAnswers, useOneStatementPages } from './page-statement.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterEach(() => useOneStatementPages(true));
afterAll(() => t.close());

type Page = { count: number; next: string | null; previous: string | null; results: unknown[] };

/** The same request answered by the one statement and by the steps (pages.ts). */
async function bothWays(url: string) {
  useOneStatementPages(true);
  const before = oneStatementAnswers();
  const quick = await t.get(url);
  const tookOne = oneStatementAnswers() > before;
  useOneStatementPages(false);
  const steps = await t.get(url);
  useOneStatementPages(true);
  expect(quick.statusCode, url).toBe(steps.statusCode);
  expect(quick.body, url).toBe(steps.body);
  return { status: quick.statusCode, page: quick.json() as Page, tookOne };
}

async function seed(listId: number, n: number) {
  await t.db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email, custom)
    SELECT ${listId},
           (ARRAY['active','pending','active','bounced','unsubscribed','deleted','active'])[1 + i % 7],
           CASE WHEN i % 3 = 0 THEN 'User' ELSE 'user' END || ((i * 7919) % 100003) || '@example.com',
           jsonb_build_object('customer_id', i)
      FROM generate_series(1, ${n}) AS i`);
}

let written = 0;
/** One of the writes a list sees while someone pages through it. */
async function write(listId: number) {
  const n = written++;
  const kind = n % 3;
  if (kind === 0) {
    await t.post(`/api/v1/lists/${listId}/subscribers`, { email: `new${n}@example.com` });
  } else if (kind === 1) {
    await t.db.execute(sql`
      UPDATE subscribers SET subscription = 'unsubscribed'
       WHERE id = (SELECT min(id) FROM subscribers WHERE list_id = ${listId} AND subscription = 'active')`);
  } else {
    await t.db.execute(sql`
      DELETE FROM subscribers WHERE id = (SELECT max(id) FROM subscribers WHERE list_id = ${listId})`);
  }
}

// Page sizes of both kinds: 25 is one the dashboard offers (size and offset written into the
// statement's text), 10 is not (bound as parameters).
const cases: [string, string, number][] = [
  ['', '', 25],
  ['', 'subscription=active', 10],
  ['ordering=email', '', 10],
  ['ordering=-id', 'subscription=pending', 25],
  ['ordering=-email', 'subscription=active', 25],
  ['ordering=subscription', '', 10],
  // Mixed directions have no position: pages by offset only.
  ['ordering=-subscription,email', 'subscription=active', 25],
  ['ordering=-subscription,email', 'subscription=active', 10],
];

describe('subscriber pages in one statement', () => {
  it.each(cases)(
    'answer exactly what the steps do, walked forward and back with writes in between (%s %s, %i a page)',
    async (ordering, filter, size) => {
      await t.post('/api/v1/fields', { name: 'customer_id', type: 'integer', label: 'Customer' });
      const listId = await createList(t);
      await seed(listId, 260);
      const query = [ordering, filter, `page_size=${size}`].filter(Boolean).join('&');
      let url: string | null = `/api/v1/lists/${listId}/subscribers?${query}`;
      let step = 0;
      let last = url;
      // Forward: a write after every other page, so links are followed both with their
      // version current (the keyset page, in one statement) and stale (found by number, in
      // steps). `current`: no write since the link was made.
      // The first page may find the cached custom fields stale (a field was just added).
      let current = false;
      const follow = async (link: string) => {
        const { page, tookOne } = await bothWays(link);
        if (current) expect(tookOne, `${link} (a current link)`).toBe(true);
        current = ++step % 2 !== 0;
        if (!current) await write(listId);
        return page;
      };
      while (url) {
        const page = await follow(url);
        last = url;
        url = page.next;
      }
      url = last;
      current = false;
      while (url) url = (await follow(url)).previous;
    },
  );

  it('show a custom field added, changed or removed while paging, on every replica', async () => {
    const listId = await createList(t);
    await seed(listId, 30);
    const url = `/api/v1/lists/${listId}/subscribers?page_size=5`;
    const first = await bothWays(url);
    expect(first.page.results[0]).not.toHaveProperty('customer_id');
    await t.post(`/api/v1/lists/${listId}/fields`, {
      name: 'customer_id',
      type: 'integer',
      label: 'Customer',
    });
    expect((await bothWays(url)).page.results[0]).toHaveProperty('customer_id', 1);
    // A change made by another process (here: straight in the database) is seen too.
    await t.db.execute(sql`UPDATE custom_fields SET name = 'client_id' WHERE name = 'customer_id'`);
    const renamed = (await bothWays(url)).page.results[0];
    expect(renamed).toHaveProperty('client_id', null);
    expect(renamed).not.toHaveProperty('customer_id');
    await t.db.execute(sql`DELETE FROM custom_fields WHERE name = 'client_id'`);
    expect((await bothWays(url)).page.results[0]).not.toHaveProperty('client_id');
    expect((await bothWays(url)).tookOne).toBe(true);
  });

  it('answer errors as the steps do', async () => {
    const listId = await createList(t);
    await seed(listId, 10);
    const base = `/api/v1/lists/${listId}/subscribers`;
    expect((await bothWays(`${base}?page=2`)).status).toBe(404);
    expect((await bothWays(`${base}?page=x`)).status).toBe(404);
    expect((await bothWays(`${base}?ordering=nope`)).status).toBe(400);
    expect((await bothWays(`/api/v1/lists/${listId + 1}/subscribers?ordering=nope`)).status).toBe(
      404,
    );
    expect((await bothWays(`/api/v1/lists/${listId + 1}/subscribers`)).status).toBe(404);
    const empty = await createList(t);
    expect(
      (await bothWays(`/api/v1/lists/${empty}/subscribers?subscription=bounced`)).page,
    ).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
