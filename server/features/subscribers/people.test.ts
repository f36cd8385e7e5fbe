import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Person = {
  id: number;
  email: string;
  subscription: string;
  list: { id: number; name: string };
};
const people = async (query: string) => {
  const res = await t.get(`/api/v1/subscribers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: Person[] };
};
const add = async (listId: number, body: Record<string, unknown>) => {
  const res = await t.post(`/api/v1/lists/${listId}/subscribers`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

describe('GET /api/v1/subscribers (people across lists)', () => {
  it('finds a person in every list by part of a name, each result with its list and state', async () => {
    const news = await createList(t, { name: 'News' });
    const offers = await createList(t, { name: 'Offers', double_opt_in: true });
    const a = await add(news, { email: 'jurgen@example.com', last_name: 'Müller' });
    const b = await add(offers, { email: 'Jurgen@Example.com', last_name: 'Muller' });
    await add(news, { email: 'someone@example.com', last_name: 'Meier' });
    const body = await people('search=MÜLLER');
    expect(body.count).toBe(2);
    expect(body.results.map((p) => [p.id, p.email, p.subscription, p.list])).toEqual([
      [a, 'jurgen@example.com', 'active', { id: news, name: 'News' }],
      [b, 'Jurgen@Example.com', 'pending', { id: offers, name: 'Offers' }],
    ]);
  });

  it('finds one address exactly in every list, leaving deleted ones out unless asked', async () => {
    const news = await createList(t, { name: 'News' });
    const offers = await createList(t, { name: 'Offers' });
    const gone = await createList(t, { name: 'Gone' });
    await add(news, { email: 'ann@example.com' });
    await add(offers, { email: 'ANN@example.com' });
    await add(news, { email: 'joann@example.com' });
    const deleted = await add(gone, { email: 'ann@example.com' });
    await t.delete(`/api/v1/lists/${gone}/subscribers/${deleted}`);
    const exact = await people('email=Ann%40example.com');
    expect(exact.results.map((p) => p.list.name)).toEqual(['News', 'Offers']);
    const withDeleted = await people('email=ann%40example.com&subscription=deleted');
    expect(withDeleted.results.map((p) => [p.list.name, p.subscription])).toEqual([
      ['Gone', 'deleted'],
    ]);
    expect((await people('search=ann%40example.com')).count).toBe(3);
  });

  it('paginates, keeping the search in the links', async () => {
    const listIds = [];
    for (let i = 0; i < 3; i++) listIds.push(await createList(t, { name: `List ${i}` }));
    for (const listId of listIds) {
      await add(listId, { email: 'x1@example.com', first_name: 'Zoë' });
      await add(listId, { email: 'x2@example.com', first_name: 'Zoe' });
    }
    const first = await people('search=zoe&page_size=4');
    expect(first.count).toBe(6);
    expect(first.results).toHaveLength(4);
    expect(first.next).toBe('/api/v1/subscribers?search=zoe&page_size=4&page=2');
    const second = await people('search=zoe&page_size=4&page=2');
    expect(second.results.map((p) => p.email)).toEqual(['x2@example.com', 'x2@example.com']);
  });

  it('asks for a search or an email, and refuses bad values with 400', async () => {
    const none = await t.get('/api/v1/subscribers');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ search: ['Enter part of a name or an email address.'] });
    const huge = await t.get(`/api/v1/subscribers?search=${'x'.repeat(1024 * 1024)}`);
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json())).toEqual(['search']);
    const state = await t.get('/api/v1/subscribers?search=a&subscription=gone');
    expect(state.statusCode).toBe(400);
    expect(Object.keys(state.json())).toEqual(['subscription']);
    const ordering = await t.get('/api/v1/subscribers?search=a&ordering=name');
    expect(ordering.statusCode).toBe(400);
    expect(Object.keys(ordering.json())).toEqual(['ordering']);
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscribers?search=a' });
    expect(res.statusCode).toBe(401);
  });
});
