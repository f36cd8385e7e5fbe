import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { postImport } from '../../test/imports.js';
import { runImportJobs } from '../imports/index.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Entry = {
  kind: string;
  via: string | null;
  user: { id: number; username: string | null } | null;
  import: { id: number; file: string | null } | null;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  at: string;
};
const base = (listId: number) => `/api/v1/lists/${listId}/subscribers`;
const dashboard = { 'x-mailboard-client': 'dashboard' };

async function history(listId: number, id: number, query = '') {
  const res = await t.get(`${base(listId)}/${id}/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: Entry[] };
}
const brief = (e: Entry) => [e.kind, e.field, e.old_value, e.new_value, e.via];

describe('GET …/subscribers/{id}/history', () => {
  it('records a creation through the API and through the dashboard form, with user and time', async () => {
    const listId = await createList(t);
    const byApi = (await t.post(base(listId), { email: 'api@example.com' })).json();
    const byForm = (
      await t.request({
        method: 'POST',
        url: base(listId),
        headers: dashboard,
        payload: { email: 'form@example.com' },
      })
    ).json();
    const [created] = (await history(listId, byApi.id)).results;
    expect(created).toMatchObject({
      kind: 'created',
      via: 'api',
      user: { id: t.admin.id, username: 'admin@example.com' },
      import: null,
    });
    expect(Math.abs(Date.parse(created!.at) - Date.now())).toBeLessThan(60_000);
    expect((await history(listId, byForm.id)).results.map(brief)).toEqual([
      ['created', null, null, null, 'form'],
    ]);
  });

  it('records each field change with old and new value, custom fields included, newest first', async () => {
    const listId = await createList(t);
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'customer_id', type: 'integer' });
    const { id } = (
      await t.post(base(listId), { email: 'a@example.com', first_name: 'Anna', customer_id: 7 })
    ).json();
    const patch = await t.request({
      method: 'PATCH',
      url: `${base(listId)}/${id}`,
      headers: dashboard,
      payload: { first_name: 'Änne', last_name: 'Müller', customer_id: 8, language: '' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const body = await history(listId, id);
    expect(body.results.map(brief)).toEqual([
      ['changed', 'last_name', '', 'Müller', 'form'],
      ['changed', 'first_name', 'Anna', 'Änne', 'form'],
      ['changed', 'customer_id', 7, 8, 'form'],
      ['created', null, null, null, 'api'],
    ]);
    // An unchanged write records nothing.
    await t.patch(`${base(listId)}/${id}`, { first_name: 'Änne' });
    expect((await history(listId, id)).count).toBe(4);
  });

  it('records every state change', async () => {
    const listId = await createList(t, { double_opt_in: true });
    const { id } = (await t.post(base(listId), { email: 's@example.com' })).json();
    await t.post(`${base(listId)}/${id}/activate`, { confirm: true });
    await t.post(`${base(listId)}/${id}/unsubscribe`);
    await t.delete(`${base(listId)}/${id}`);
    expect((await history(listId, id)).results.map(brief)).toEqual([
      ['state', 'subscription', 'unsubscribed', 'deleted', 'api'],
      ['state', 'subscription', 'active', 'unsubscribed', 'api'],
      ['state', 'subscription', 'pending', 'active', 'api'],
      ['created', null, null, null, 'api'],
    ]);
  });

  it('records a creation by import #N with its file name', async () => {
    const listId = await createList(t);
    const upload = await postImport(
      t,
      listId,
      'email\nx@example.com\ny@example.com\nz@example.com\n',
      [],
      'spring-fair.csv',
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await runImportJobs(t.db);
    const people = (await t.get(`${base(listId)}?ordering=email`)).json().results;
    expect(people).toHaveLength(3);
    for (const person of people) {
      const [entry, ...rest] = (await history(listId, person.id)).results;
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        kind: 'created',
        via: 'import',
        import: { id: upload.json().id, file: 'spring-fair.csv' },
        user: { id: t.admin.id },
      });
    }
    // Another subscriber of the list is no part of the batch.
    const other = (await t.post(base(listId), { email: 'later@example.com' })).json();
    expect((await history(listId, other.id)).results.map(brief)).toEqual([
      ['created', null, null, null, 'api'],
    ]);
  });

  it('records nothing for a refused change', async () => {
    const listId = await createList(t);
    const a = (await t.post(base(listId), { email: 'a@example.com' })).json();
    await t.post(base(listId), { email: 'b@example.com' });
    const taken = await t.patch(`${base(listId)}/${a.id}`, {
      email: 'B@example.com',
      first_name: 'X',
    });
    expect(taken.statusCode).toBe(409);
    expect((await history(listId, a.id)).count).toBe(1);
  });

  it('pages through a long history and is 404 for a subscriber of another list', async () => {
    const listId = await createList(t);
    const other = await createList(t, { name: 'Other' });
    const { id } = (await t.post(base(listId), { email: 'p@example.com' })).json();
    for (let i = 1; i <= 4; i++) await t.patch(`${base(listId)}/${id}`, { first_name: `N${i}` });
    const first = await history(listId, id, '?page_size=2');
    expect(first.count).toBe(5);
    expect(first.results.map((e) => e.new_value)).toEqual(['N4', 'N3']);
    expect(first.next).toBe(`${base(listId)}/${id}/history?page_size=2&page=2`);
    const last = await history(listId, id, '?page_size=2&page=3');
    expect(last.results.map((e) => e.kind)).toEqual(['created']);
    expect((await t.get(`${base(other)}/${id}/history`)).statusCode).toBe(404);
    expect((await t.get(`${base(listId)}/999999/history`)).statusCode).toBe(404);
  });
});
