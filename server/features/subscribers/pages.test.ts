import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ANCHOR_STEP, anchorsBuilt } from './page-anchors.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Page = { count: number; next: string | null; previous: string | null; results: Row[] };
type Row = { id: number; email: string; subscription: string };

const base = (listId: number) => `/api/v1/lists/${listId}/subscribers`;
const ids = (page: Page) => page.results.map((r) => r.id);
const getPage = async (url: string) => {
  const res = await t.get(url);
  expect(res.statusCode, url).toBe(200);
  return res.json() as Page;
};

/** `n` subscribers with mixed-case emails in no particular order and every state. */
async function seed(listId: number, n: number) {
  await t.db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email)
    SELECT ${listId},
           (ARRAY['active','pending','active','bounced','unsubscribed','deleted','active'])[1 + i % 7],
           CASE WHEN i % 3 = 0 THEN 'User' ELSE 'user' END || ((i * 7919) % 100003) || '@example.com'
      FROM generate_series(1, ${n}) AS i`);
}

/** The expected order, straight from SQL, independent of the paging code. */
async function expectedIds(listId: number, state: string | undefined, orderBy: string) {
  const where = state ? sql`subscription = ${state}` : sql`subscription <> 'deleted'`;
  const { rows } = (await t.db.execute(sql`
    SELECT id FROM subscribers WHERE list_id = ${listId} AND ${where}
     ORDER BY ${sql.raw(orderBy)}`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => r.id);
}

const orderings: [string, string][] = [
  ['', 'id'],
  ['id', 'id'],
  ['-id', 'id DESC'],
  ['email', 'lower(email), id'],
  ['-email', 'lower(email) DESC, id'],
  ['subscription', 'subscription, id'],
  ['-subscription,-id', 'subscription DESC, id DESC'],
  // Mixed directions have no position: these page by offset, links without one.
  ['-subscription,email', 'subscription DESC, lower(email), id'],
];
const states = [undefined, 'active', 'pending', 'bounced', 'unsubscribed', 'deleted'];

describe('subscriber pages and their links', () => {
  it.each(orderings)(
    'walking next and previous links gives the rows of paging by number (ordering "%s", every state)',
    async (ordering, orderBy) => {
      const listId = await createList(t);
      await seed(listId, 60);
      for (const state of states) {
        const query = new URLSearchParams({ page_size: '4' });
        if (ordering) query.set('ordering', ordering);
        if (state) query.set('subscription', state);
        const expected = await expectedIds(listId, state, orderBy);
        const label = `${ordering || 'default'} ${state ?? 'not deleted'}`;

        const walked: number[] = [];
        let url: string | null = `${base(listId)}?${query}`;
        let number = 1;
        let last: Page | undefined;
        while (url) {
          const page = await getPage(url);
          const byNumber = await getPage(`${base(listId)}?${query}&page=${number}`);
          expect(ids(page), `${label} page ${number}`).toEqual(ids(byNumber));
          expect(page.count).toBe(expected.length);
          walked.push(...ids(page));
          last = page;
          url = page.next;
          number++;
        }
        expect(walked, label).toEqual(expected);
        if (ordering.includes(',') && ordering !== '-subscription,-id') {
          expect(last?.previous ?? '').not.toContain('before=');
        }

        const back: number[][] = [];
        url = `${base(listId)}?${query}&page=${Math.max(1, Math.ceil(expected.length / 4))}`;
        while (url) {
          const page = await getPage(url);
          back.unshift(ids(page));
          url = page.previous;
        }
        expect(back.flat(), `${label} backwards`).toEqual(expected);
      }
    },
  );

  it('links name the page, keep the other parameters and carry a position only where it helps', async () => {
    const listId = await createList(t);
    await seed(listId, 20);
    const first = await getPage(`${base(listId)}?ordering=-email&page_size=5`);
    const next = new URL(first.next!, 'http://x');
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('ordering')).toBe('-email');
    expect(next.searchParams.get('page_size')).toBe('5');
    expect(next.searchParams.get('after')).toBeTruthy();
    const second = await getPage(first.next!);
    // Back to page 1 needs no position; the link is the plain one.
    expect(second.previous).toBe(`${base(listId)}?ordering=-email&page_size=5`);
    const third = await getPage(second.next!);
    const previous = new URL(third.previous!, 'http://x');
    expect(previous.searchParams.get('page')).toBe('2');
    expect(previous.searchParams.get('before')).toBeTruthy();
    expect(previous.searchParams.get('after')).toBeNull();
    expect(ids(await getPage(third.previous!))).toEqual(ids(second));
  });

  it('ignores a tampered, foreign, garbled or stale position and answers the page asked for', async () => {
    const listId = await createList(t);
    await seed(listId, 30);
    const url = `${base(listId)}?ordering=email&page_size=5`;
    const pageTwo = async () => ids(await getPage(`${url}&page=2`));
    const link = new URL((await getPage(url)).next!, 'http://x');
    const after = link.searchParams.get('after')!;
    const [payload, mac] = after.split('.') as [string, string];
    const withAfter = (value: string, page = 2, query = url) =>
      `${query}&page=${page}&after=${encodeURIComponent(value)}`;

    // Another position under the original signature.
    const [version] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [number];
    const forged = Buffer.from(JSON.stringify([version, ['zzz']])).toString('base64url');
    expect(ids(await getPage(withAfter(`${forged}.${mac}`)))).toEqual(await pageTwo());
    for (const garbage of ['', 'abc', '..', 'a.b.c', `${payload}.`, `${payload}.${mac}x`, '%']) {
      expect(ids(await getPage(withAfter(garbage)))).toEqual(await pageTwo());
    }
    // A position made for page 2 asked with page 3, or with another filter or ordering.
    expect(ids(await getPage(withAfter(after, 3)))).toEqual(ids(await getPage(`${url}&page=3`)));
    const active = `${base(listId)}?ordering=email&page_size=5&subscription=active`;
    expect(ids(await getPage(withAfter(after, 2, active)))).toEqual(
      ids(await getPage(`${active}&page=2`)),
    );
    const byId = `${base(listId)}?ordering=-id&page_size=5`;
    expect(ids(await getPage(withAfter(after, 2, byId)))).toEqual(
      ids(await getPage(`${byId}&page=2`)),
    );

    // A subscriber added before the position: page 2 now starts one row earlier.
    const before = await pageTwo();
    const created = await t.post(base(listId), { email: 'aaa@example.com' });
    expect(created.statusCode).toBe(201);
    const now = await pageTwo();
    expect(now).not.toEqual(before);
    expect(ids(await getPage(link.pathname + link.search))).toEqual(now);
    // So does a subscriber deleted meanwhile, which leaves the collection.
    await t.delete(`${base(listId)}/${created.json().id}`);
    expect(ids(await getPage(link.pathname + link.search))).toEqual(before);
  });
});

// Orderings by id or email alone start from page segments (segments.test.ts); orderings by
// state, then id, from the per-state counts and those segments (state-pages.ts); searches and
// other orderings from anchors. "example" is in every address. Over 10,000 rows
// each: on PostgreSQL beside the real-process tests of the other worker, a run took over
// the default 30 s (5.6 s alone on PGlite), so these have more time; nothing here is timed.
describe('pages reached by number deep in a large list', { timeout: 120_000 }, () => {
  it(`start from sampled anchors (every ${ANCHOR_STEP} rows) and stay right after changes`, async () => {
    const listId = await createList(t);
    const n = ANCHOR_STEP * 2 + 1234;
    await seed(listId, n);
    const cases: [string, string | undefined, string][] = [
      ['id&search=example', undefined, 'id'],
      ['-email&search=example', undefined, 'lower(email) DESC, id'],
      ['subscription', undefined, 'subscription, id'],
      ['-subscription,-id', 'active', 'id DESC'],
      ['-subscription', undefined, 'subscription DESC, id'],
      ['-subscription,-id', undefined, 'subscription DESC, id DESC'],
    ];
    const check = async () => {
      for (const [ordering, state, orderBy] of cases) {
        const expected = await expectedIds(listId, state, orderBy);
        const query = `ordering=${ordering}&page_size=50${state ? `&subscription=${state}` : ''}`;
        // Pages around each anchor, the middle, the last one and those across the first change
        // of state in subscription order (from "active" to "bounced", or to "pending" back).
        const last = Math.ceil(expected.length / 50);
        const { rows } = (await t.db.execute(sql`
          SELECT count(*) FILTER (WHERE subscription = 'active')::int AS active,
                 count(*) FILTER (WHERE subscription = 'unsubscribed')::int AS unsubscribed
            FROM subscribers WHERE list_id = ${listId}`)) as unknown as {
          rows: { active: number; unsubscribed: number }[];
        };
        const changes = [rows[0]!.active, rows[0]!.unsubscribed].map((n) => Math.floor(n / 50) + 1);
        const pages = [
          ANCHOR_STEP / 50,
          ANCHOR_STEP / 50 + 1,
          Math.ceil(last / 2),
          last - 1,
          last,
          ...changes,
        ];
        for (const number of pages.filter((p) => p >= 1 && p <= last)) {
          const page = await getPage(`${base(listId)}?${query}&page=${number}`);
          expect(ids(page), `${query} page ${number}`).toEqual(
            expected.slice((number - 1) * 50, number * 50),
          );
        }
      }
    };
    await check(); // builds the anchors in the background
    await anchorsBuilt();
    await check(); // from the anchors
    // Rows move between pages: the anchors are not trusted until rebuilt.
    await t.post(base(listId), { email: 'AAAA@example.com' });
    await t.db.execute(sql`
      UPDATE subscribers SET subscription = 'deleted'
       WHERE list_id = ${listId} AND id IN (10, 20, ${ANCHOR_STEP + 5})`);
    await check();
  });
  it('never reuses the anchors of a list recreated under the same id', async () => {
    const pageIds = async (listId: number) =>
      ids(
        await getPage(
          `${base(listId)}?ordering=-email&search=example&page_size=10&page=${ANCHOR_STEP / 10 + 1}`,
        ),
      );
    const first = await createList(t);
    await seed(first, ANCHOR_STEP * 2);
    await pageIds(first);
    await anchorsBuilt();
    await t.reset();
    const again = await createList(t);
    expect(again).toBe(first);
    // Other emails, so the same positions would point elsewhere.
    await t.db.execute(sql`
      INSERT INTO subscribers (list_id, subscription, email)
      SELECT ${again}, 'active', 'other' || i || '@example.com'
        FROM generate_series(1, ${ANCHOR_STEP + 100}) AS i`);
    const expected = await expectedIds(again, undefined, 'lower(email) DESC, id');
    expect(await pageIds(again)).toEqual(expected.slice(ANCHOR_STEP, ANCHOR_STEP + 10));
  });
});
