import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList, subscriberCounts } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const url = (listId: number, rest = '') => `/api/v1/lists/${listId}/subscribers${rest}`;

async function subscribe(listId: number, email = 'a@example.com'): Promise<number> {
  return (await t.post(url(listId), { email })).json().id;
}

const activate = (listId: number, id: number, body?: unknown) =>
  t.post(url(listId, `/${id}/activate`), body);

describe('POST …/{id}/activate', () => {
  it('without confirm follows the list: active without opt-in, pending with it', async () => {
    const plain = await createList(t);
    const id = await subscribe(plain);
    await t.post(url(plain, `/${id}/unsubscribe`));
    const res = await activate(plain, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'active' });
    expect((await activate(plain, id, { confirm: null })).json()).toEqual({ status: 'active' });
    expect((await activate(plain, id, {})).json()).toEqual({ status: 'active' });

    const optIn = await createList(t, { double_opt_in: true });
    const pendingId = await subscribe(optIn);
    await t.delete(url(optIn, `/${pendingId}`));
    expect((await activate(optIn, pendingId)).json()).toEqual({ status: 'pending' });
    expect((await activate(optIn, pendingId, { confirm: null })).json()).toEqual({
      status: 'pending',
    });
    expect((await t.get(url(optIn, `/${pendingId}`))).json().subscription).toBe('pending');
  });

  it('confirm true activates and false keeps pending on a double-opt-in list', async () => {
    const optIn = await createList(t, { double_opt_in: true });
    const id = await subscribe(optIn);
    expect((await activate(optIn, id, { confirm: true })).json()).toEqual({ status: 'active' });
    expect((await t.get(url(optIn, `/${id}`))).json().subscription).toBe('active');
    expect((await activate(optIn, id, { confirm: false })).json()).toEqual({ status: 'pending' });
  });

  it('answers 400 for a boolean confirm without opt-in and for a non-boolean confirm', async () => {
    const plain = await createList(t);
    const id = await subscribe(plain);
    await t.post(url(plain, `/${id}/unsubscribe`));
    for (const confirm of [true, false]) {
      const res = await activate(plain, id, { confirm });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['confirm']);
    }
    expect((await t.get(url(plain, `/${id}`))).json().subscription).toBe('unsubscribed');
    const optIn = await createList(t, { double_opt_in: true });
    const other = await subscribe(optIn);
    for (const confirm of ['yes', 1, 'true', [], {}]) {
      const res = await activate(optIn, other, { confirm });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ confirm: ['Must be a valid boolean.'] });
    }
    expect((await activate(optIn, other, [true])).statusCode).toBe(400);
  });

  it('accepts an empty JSON body and answers 400 for malformed JSON', async () => {
    const plain = await createList(t);
    const id = await subscribe(plain);
    const empty = await t.request({
      method: 'POST',
      url: url(plain, `/${id}/activate`),
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json()).toEqual({ status: 'active' });
    const malformed = await t.request({
      method: 'POST',
      url: url(plain, `/${id}/activate`),
      headers: { 'content-type': 'application/json' },
      payload: '{confirm: true}',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('404s unknown subscribers, other lists and unknown lists before looking at confirm', async () => {
    const plain = await createList(t);
    const other = await createList(t);
    const id = await subscribe(plain);
    expect((await activate(plain, 999, { confirm: true })).statusCode).toBe(404);
    expect((await activate(other, id)).statusCode).toBe(404);
    expect((await activate(999, id)).statusCode).toBe(404);
    expect((await activate(plain, 'x' as unknown as number)).statusCode).toBe(404);
  });
});

describe('unsubscribe and soft delete', () => {
  it('unsubscribe answers the new status and records the caller', async () => {
    const listId = await createList(t);
    const id = await subscribe(listId);
    const res = await t.post(url(listId, `/${id}/unsubscribe`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed' });
    const row = (await t.get(url(listId, `/${id}`))).json();
    expect(row).toMatchObject({ subscription: 'unsubscribed', update_user: t.admin.id });
    expect((await t.post(url(listId, '/999/unsubscribe'))).statusCode).toBe(404);
    expect((await t.post(url(999, `/${id}/unsubscribe`))).statusCode).toBe(404);
  });

  it('DELETE answers 204, keeps the record and finds it under subscription=deleted', async () => {
    const listId = await createList(t);
    const id = await subscribe(listId);
    const res = await t.delete(url(listId, `/${id}`));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.get(url(listId, `/${id}`))).json().subscription).toBe('deleted');
    expect((await t.get(url(listId))).json().count).toBe(0);
    expect((await t.get(url(listId, '?subscription=deleted'))).json().results[0].id).toBe(id);
    expect((await t.delete(url(listId, '/999'))).statusCode).toBe(404);
    expect((await t.delete(url(listId, '/abc'))).statusCode).toBe(404);
    // Every operation accepts a subscriber in any state (docs/decisions/api-choices.md).
    expect((await t.delete(url(listId, `/${id}`))).statusCode).toBe(204);
    expect((await activate(listId, id)).json()).toEqual({ status: 'active' });
  });

  it('answers 405 for methods the paths do not support', async () => {
    const listId = await createList(t);
    const id = await subscribe(listId);
    expect((await t.delete(url(listId))).statusCode).toBe(405);
    expect((await t.get(url(listId, `/${id}/activate`))).statusCode).toBe(405);
    expect((await t.post(url(listId, `/${id}`))).statusCode).toBe(405);
  });
});

describe('subscriber counts', () => {
  it('stay right after creates, updates, state changes and list deletion', async () => {
    const listId = await createList(t);
    const optIn = await createList(t, { double_opt_in: true });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await subscribe(listId, `s${i}@example.com`));
    await subscribe(optIn, 'p@example.com');
    await t.post(url(listId), { email: 'S0@example.com' }); // 409, no change
    await t.post(url(listId, `/${ids[0]}/unsubscribe`));
    await t.delete(url(listId, `/${ids[1]}`));
    await t.delete(url(listId, `/${ids[2]}`));
    await activate(listId, ids[2]!);
    await t.patch(url(listId, `/${ids[3]}`), { first_name: 'No state change' });
    expect(await subscriberCounts(t, listId)).toEqual({
      active: 3,
      pending: 0,
      bounced: 0,
      unsubscribed: 1,
      deleted: 1,
    });
    expect(await subscriberCounts(t, optIn)).toMatchObject({ pending: 1, active: 0 });
    expect((await t.get(url(listId))).json().count).toBe(4);
    expect((await t.get(url(listId, '?subscription=active'))).json().count).toBe(3);

    expect((await t.delete(`/api/v1/lists/${listId}`)).statusCode).toBe(204);
    expect((await t.get(url(listId))).statusCode).toBe(404);
    expect(await subscriberCounts(t, optIn)).toMatchObject({ pending: 1, active: 0 });
  });

  it('32 concurrent creates of one email give one 201 and 31 409 with that subscriber', async () => {
    const listId = await createList(t);
    const responses = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        t.post(url(listId), { email: i % 2 ? 'race@example.com' : 'RACE@example.com' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(31);
    const created = responses.find((r) => r.statusCode === 201)!.json();
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual(created);
    expect(await subscriberCounts(t, listId)).toMatchObject({ active: 1 });
  });

  it('concurrent PATCHes to one email leave exactly one owner and no 500', async () => {
    const listId = await createList(t);
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await subscribe(listId, `p${i}@example.com`));
    const responses = await Promise.all(
      ids.map((id) => t.patch(url(listId, `/${id}`), { email: 'taken@example.com' })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });
});
