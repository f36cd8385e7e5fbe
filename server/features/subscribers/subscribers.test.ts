import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const url = (listId: number, rest = '') => `/api/v1/lists/${listId}/subscribers${rest}`;

describe('GET …/subscribers', () => {
  async function seed(listId: number) {
    const emails = [
      'c@example.com',
      'A@example.com',
      'b@example.com',
      'd@example.com',
      'e@example.com',
    ];
    const ids: number[] = [];
    for (const email of emails) ids.push((await t.post(url(listId), { email })).json().id);
    await t.post(url(listId, `/${ids[2]}/unsubscribe`));
    await t.delete(url(listId, `/${ids[3]}`));
    return ids;
  }

  it('leaves deleted subscribers out unless filtered for, and counts from the list counts', async () => {
    const listId = await createList(t);
    await seed(listId);
    const all = (await t.get(url(listId))).json();
    expect(all.count).toBe(4);
    expect(all.results.map((s: { email: string }) => s.email)).toEqual([
      'c@example.com',
      'A@example.com',
      'b@example.com',
      'e@example.com',
    ]);
    const deleted = (await t.get(url(listId, '?subscription=deleted'))).json();
    expect(deleted).toMatchObject({
      count: 1,
      results: [{ email: 'd@example.com', subscription: 'deleted' }],
    });
    const unsubscribed = (await t.get(url(listId, '?subscription=unsubscribed'))).json();
    expect(unsubscribed.count).toBe(1);
    expect((await t.get(url(listId, '?subscription=bounced'))).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await t.get(url(listId, '?subscription='))).json().count).toBe(4);
  });

  it('filters by email exactly and case-insensitively', async () => {
    const listId = await createList(t);
    await seed(listId);
    const hit = (await t.get(url(listId, '?email=a%40EXAMPLE.com'))).json();
    expect(hit.count).toBe(1);
    expect(hit.results[0].email).toBe('A@example.com');
    expect((await t.get(url(listId, '?email=example.com'))).json().count).toBe(0);
    expect((await t.get(url(listId, '?email=d@example.com'))).json().count).toBe(0);
    expect(
      (await t.get(url(listId, '?email=d@example.com&subscription=deleted'))).json().count,
    ).toBe(1);
  });

  it('rejects a bad subscription filter naming the parameter, and a bad ordering', async () => {
    const listId = await createList(t);
    const res = await t.get(url(listId, '?subscription=gone'));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['subscription']);
    const twice = await t.get(url(listId, '?subscription=active&subscription=pending'));
    expect(twice.statusCode).toBe(400);
    const ordering = await t.get(url(listId, '?ordering=first_name'));
    expect(ordering.statusCode).toBe(400);
    expect(Object.keys(ordering.json())).toEqual(['ordering']);
  });

  it('pages and orders by id, email and subscription', async () => {
    const listId = await createList(t);
    await seed(listId);
    const page = (await t.get(url(listId, '?page_size=2&ordering=email'))).json();
    expect(page.results.map((s: { email: string }) => s.email)).toEqual([
      'A@example.com',
      'b@example.com',
    ]);
    // The link also carries where page 2 begins (pages.test.ts walks such links).
    expect(page.next).toMatch(
      new RegExp(`^/api/v1/lists/${listId}/subscribers\\?page_size=2&ordering=email&page=2&after=`),
    );
    const last = (await t.get(url(listId, '?page_size=2&ordering=email&page=2'))).json();
    expect(last.results.map((s: { email: string }) => s.email)).toEqual([
      'c@example.com',
      'e@example.com',
    ]);
    expect(last.next).toBeNull();
    expect((await t.get(url(listId, '?page=3&page_size=2'))).statusCode).toBe(404);
    const desc = (await t.get(url(listId, '?ordering=-id'))).json();
    expect(desc.results.map((s: { id: number }) => s.id)).toEqual([5, 3, 2, 1]);
    const byState = (await t.get(url(listId, '?ordering=-subscription'))).json();
    expect(byState.results[0].subscription).toBe('unsubscribed');
  });

  it('404s an unknown list and an empty page past the end', async () => {
    expect((await t.get(url(5))).statusCode).toBe(404);
    const listId = await createList(t);
    expect((await t.get(url(listId))).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await t.get(url(listId, '?page=2'))).json()).toEqual({ detail: 'Invalid page.' });
  });
});

describe('GET, PUT, PATCH one subscriber', () => {
  it('reads one; 404 for unknown, non-numeric and other-list ids', async () => {
    const listId = await createList(t);
    const other = await createList(t);
    const created = (await t.post(url(listId), { email: 'a@example.com' })).json();
    expect((await t.get(url(listId, `/${created.id}`))).json()).toEqual(created);
    expect((await t.get(url(other, `/${created.id}`))).statusCode).toBe(404);
    expect((await t.get(url(listId, '/999'))).statusCode).toBe(404);
    expect((await t.get(url(listId, '/abc'))).statusCode).toBe(404);
    expect((await t.get(url(999, `/${created.id}`))).statusCode).toBe(404);
    expect((await t.patch(url(other, `/${created.id}`), { first_name: 'x' })).statusCode).toBe(404);
    expect((await t.put(url(other, `/${created.id}`), { email: 'a@example.com' })).statusCode).toBe(
      404,
    );
  });

  it('PUT validates like create and keeps omitted optional fields; PATCH merges', async () => {
    const listId = await createList(t, { languages: ['en', 'fr'] });
    const created = (
      await t.post(url(listId), { email: 'a@example.com', first_name: 'Ann', language: 'fr' })
    ).json();
    const noEmail = await t.put(url(listId, `/${created.id}`), { first_name: 'Anna' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: ['This field is required.'] });

    const put = await t.put(url(listId, `/${created.id}`), {
      email: 'A@example.com',
      last_name: 'Lee',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      email: 'A@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      language: 'fr',
    });
    expect(Date.parse(put.json().update_datetime)).toBeGreaterThanOrEqual(
      Date.parse(created.update_datetime),
    );

    const patch = await t.patch(url(listId, `/${created.id}`), { gender: 'f', date_of_birth: '' });
    expect(patch.json()).toMatchObject({
      email: 'A@example.com',
      last_name: 'Lee',
      gender: 'f',
      date_of_birth: null,
    });
    const badPatch = await t.patch(url(listId, `/${created.id}`), {
      email: 'nope',
      language: 'de',
    });
    expect(Object.keys(badPatch.json()).sort()).toEqual(['email', 'language']);
    expect((await t.patch(url(listId, `/${created.id}`), {})).statusCode).toBe(200);
  });

  it('answers 409 with the other subscriber when PUT or PATCH takes its email', async () => {
    const listId = await createList(t);
    const a = (await t.post(url(listId), { email: 'a@example.com' })).json();
    const b = (await t.post(url(listId), { email: 'b@example.com' })).json();
    await t.delete(url(listId, `/${b.id}`));
    const patch = await t.patch(url(listId, `/${a.id}`), { email: 'B@EXAMPLE.com' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toMatchObject({
      id: b.id,
      email: 'b@example.com',
      subscription: 'deleted',
    });
    const put = await t.put(url(listId, `/${a.id}`), { email: 'b@example.com' });
    expect(put.statusCode).toBe(409);
    expect((await t.get(url(listId, `/${a.id}`))).json().email).toBe('a@example.com');
  });
});
