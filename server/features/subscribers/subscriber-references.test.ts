import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { usersRepository } from '../identity/index.js';
import { pgErrorCode } from '../../db/errors.js';
import { createList, subscriberCounts } from '../../test/lists.js';

// A subscriber's list and users are checked by statement triggers since migration 0012,
// not by foreign keys: these tests hold them to what the foreign keys guaranteed.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.db.execute(query))[0]?.n);

async function addSubscriber(listId: number, email: string, authorization?: string) {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/lists/${listId}/subscribers`,
    payload: { email },
    ...(authorization ? { headers: { authorization } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The SQLSTATE `write` fails with (undefined when it succeeds). */
async function failureOf(write: Promise<unknown>) {
  try {
    await write;
    return undefined;
  } catch (error) {
    return pgErrorCode(error);
  }
}

describe('subscriber references', () => {
  it('deleting a list deletes its subscribers and their history; other lists keep theirs', async () => {
    const gone = await createList(t, { name: 'Gone' });
    const kept = await createList(t, { name: 'Kept' });
    const goneIds = [
      await addSubscriber(gone, 'a@example.com'),
      await addSubscriber(gone, 'b@example.com'),
    ];
    await addSubscriber(kept, 'a@example.com');

    expect((await t.delete(`/api/v1/lists/${gone}`)).statusCode).toBe(204);

    expect(await count(sql`SELECT count(*) AS n FROM subscribers WHERE list_id = ${gone}`)).toBe(0);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM subscriber_history WHERE subscriber_id IN (${sql.join(goneIds, sql`, `)})`,
      ),
    ).toBe(0);
    expect((await t.get(`/api/v1/lists/${gone}/subscribers/${goneIds[0]}`)).statusCode).toBe(404);
    expect((await subscriberCounts(t, kept)).active).toBe(1);
    const page = (await t.get(`/api/v1/lists/${kept}/subscribers`)).json();
    expect(page.results.map((s: { email: string }) => s.email)).toEqual(['a@example.com']);
  });

  it('refuses a subscriber whose list or user does not exist, with the foreign key error code', async () => {
    const listId = await createList(t);
    const id = await addSubscriber(listId, 'a@example.com');
    const insert = (list: number, user: number | null) =>
      t.db
        .execute(sql`INSERT INTO subscribers (list_id, subscription, email, create_user, update_user)
                       VALUES (${list}, 'active', 'new@example.com', ${user}, ${user})`);

    expect(await failureOf(insert(listId + 1000, null))).toBe('23503');
    expect(await failureOf(insert(listId, 999_999))).toBe('23503');
    expect(
      await failureOf(
        t.db.execute(sql`UPDATE subscribers SET list_id = ${listId + 1000} WHERE id = ${id}`),
      ),
    ).toBe('23503');
    expect(
      await failureOf(
        t.db.execute(sql`UPDATE subscribers SET update_user = 999999 WHERE id = ${id}`),
      ),
    ).toBe('23503');
    // Nothing of the refused statements stayed.
    expect(await count(sql`SELECT count(*) AS n FROM subscribers`)).toBe(1);
    const kept = await t.get(`/api/v1/lists/${listId}/subscribers/${id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ email: 'a@example.com' });
    expect((await subscriberCounts(t, listId)).active).toBe(1);

    // What exists is accepted (the second insert of the address meets the unique index,
    // which shows the reference check let it through).
    expect(await failureOf(insert(listId, t.admin.id))).toBeUndefined();
    expect(await failureOf(insert(listId, null))).toBe('23505');
  });

  it('deleting a user clears it from the subscribers it created or changed, which stay', async () => {
    const listId = await createList(t);
    const editor = await usersRepository(t.db).create('editor@example.com', 'editor-password');
    const editorAuth = basic('editor@example.com', 'editor-password');
    const created = await addSubscriber(listId, 'a@example.com', editorAuth);
    const changed = await addSubscriber(listId, 'b@example.com');
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/v1/lists/${listId}/subscribers/${changed}`,
      payload: { first_name: 'Bea' },
      headers: { authorization: editorAuth },
    });
    expect(patch.statusCode, patch.body).toBe(200);

    expect(await usersRepository(t.db).remove('editor@example.com')).toBe(true);

    const get = async (id: number) =>
      (await t.get(`/api/v1/lists/${listId}/subscribers/${id}`)).json();
    expect(await get(created)).toMatchObject({ create_user: null, update_user: null });
    expect(await get(changed)).toMatchObject({
      create_user: t.admin.id,
      update_user: null,
      first_name: 'Bea',
    });
    expect(editor.id).not.toBe(t.admin.id);
  });
});

// Two connections at once: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)('subscriber references under concurrency', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: t.database.url!, max: 2 });
  });
  afterAll(() => pool.end());

  it('a list deleted while a writer adds to it waits for the writer, then deletes its rows too', async () => {
    const listId = await createList(t);
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO subscribers (list_id, subscription, email) VALUES ($1, 'active', 'w@example.com')`,
        [listId],
      );
      let deleted = false;
      const deletion = t.delete(`/api/v1/lists/${listId}`).then((res) => {
        deleted = true;
        return res.statusCode;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false);
      await writer.query('COMMIT');
      expect(await deletion).toBe(204);
    } finally {
      writer.release();
    }
    expect(await count(sql`SELECT count(*) AS n FROM subscribers WHERE list_id = ${listId}`)).toBe(
      0,
    );
  });

  it('a writer adding to a list being deleted fails once the deletion commits', async () => {
    const listId = await createList(t);
    await addSubscriber(listId, 'a@example.com');
    const deleter = await pool.connect();
    try {
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM lists WHERE id = $1', [listId]);
      const writer = drizzle(pool);
      const write = failureOf(
        writer.execute(sql`INSERT INTO subscribers (list_id, subscription, email)
                           VALUES (${listId}, 'active', 'late@example.com')`),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deleter.query('COMMIT');
      expect(await write).toBe('23503');
    } finally {
      deleter.release();
    }
    expect(await count(sql`SELECT count(*) AS n FROM subscribers WHERE list_id = ${listId}`)).toBe(
      0,
    );
  });
});
