import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const segs = (listId: number, rest = '') => `/api/v1/lists/${listId}/segments${rest}`;

/** A list with a plan (choice), seats (integer) and renewal (date) field and six people. */
async function audience() {
  const list = await createList(t, { languages: ['en', 'de'] });
  await t.post(`/api/v1/lists/${list}/fields`, {
    name: 'plan',
    type: 'choice',
    choices: [{ value: 'free' }, { value: 'pro' }],
  });
  await t.post(`/api/v1/lists/${list}/fields`, { name: 'seats', type: 'integer' });
  await t.post(`/api/v1/lists/${list}/fields`, { name: 'renewal', type: 'date' });
  await t.post(`/api/v1/lists/${list}/fields`, { name: 'company', type: 'string' });
  const people = [
    {
      email: 'ann@a.example',
      language: 'en',
      region: 'DE-BY',
      gender: 'f',
      plan: 'pro',
      seats: 5,
      company: 'Bergblick AG',
    },
    {
      email: 'bob@a.example',
      language: 'de',
      region: 'DE',
      gender: 'm',
      plan: 'free',
      seats: 1,
      date_of_birth: '1990-05-01',
    },
    {
      email: 'cyd@a.example',
      language: 'en',
      region: 'CH-ZH',
      plan: 'pro',
      seats: 20,
      renewal: '2027-01-15',
    },
    {
      email: 'dan@a.example',
      language: 'de',
      region: 'AT',
      plan: 'pro',
      date_of_birth: '1970-01-01',
    },
    { email: 'eve@a.example', language: 'en', region: 'DE-BE', company: 'Lumière 100%' },
    { email: 'fay@a.example', language: 'en', region: 'FR' },
  ];
  const ids: number[] = [];
  for (const p of people) {
    const res = await t.post(`/api/v1/lists/${list}/subscribers`, p);
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(res.json().id);
  }
  return { list, ids };
}

const preview = async (list: number, filter: unknown) => {
  const res = await t.post(segs(list, '/preview?page_size=10'), { filter });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: { email: string }[] };
  return { count: body.count, emails: body.results.map((r) => r.email.slice(0, 3)) };
};

describe('segments: CRUD with a live count', () => {
  it('creates, lists, reads, replaces, patches and deletes; the count follows the data', async () => {
    const { list, ids } = await audience();
    const filter = {
      match: 'all',
      conditions: [
        { field: 'language', in: ['en'] },
        { field: 'custom', name: 'plan', operator: 'equals', value: 'pro' },
      ],
    };
    const created = await t.post(segs(list), { name: 'English pros', filter });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: 1, list, name: 'English pros', filter, count: 2 });

    const page = (await t.get(segs(list))).json();
    expect(page).toMatchObject({
      count: 1,
      next: null,
      results: [{ name: 'English pros', count: 2 }],
    });

    // An unsubscribed member stays in the segment; a deleted one leaves it.
    await t.post(`/api/v1/lists/${list}/subscribers/${ids[2]}/unsubscribe`);
    expect((await t.get(segs(list, '/1'))).json().count).toBe(2);
    await t.delete(`/api/v1/lists/${list}/subscribers/${ids[0]}`);
    expect((await t.get(segs(list, '/1'))).json().count).toBe(1);

    const replaced = await t.put(segs(list, '/1'), {
      name: 'Pros',
      filter: { conditions: [{ field: 'custom', name: 'plan', operator: 'equals', value: 'pro' }] },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Pros', count: 2, filter: { match: 'all' } });
    const patched = await t.patch(segs(list, '/1'), { name: 'Our pros' });
    expect(patched.json()).toMatchObject({ name: 'Our pros', count: 2 });

    const members = (await t.get(segs(list, '/1/subscribers?page_size=1'))).json();
    expect(members).toMatchObject({
      count: 2,
      next: `/api/v1/lists/${list}/segments/1/subscribers?page_size=1&page=2`,
    });
    expect(members.results[0]).toMatchObject({ email: 'cyd@a.example', plan: 'pro', seats: 20 });

    expect((await t.delete(segs(list, '/1'))).statusCode).toBe(204);
    expect((await t.get(segs(list, '/1'))).statusCode).toBe(404);
  });

  it('answers 404 for an unknown list or a segment of another list', async () => {
    const { list } = await audience();
    const other = await createList(t, { name: 'Other' });
    await t.post(segs(list), { name: 'All', filter: {} });
    expect((await t.get(segs(999))).statusCode).toBe(404);
    expect((await t.get(segs(other, '/1'))).statusCode).toBe(404);
    expect((await t.delete(segs(other, '/1'))).statusCode).toBe(404);
    expect((await t.get(segs(other, '/1/subscribers'))).statusCode).toBe(404);
  });

  it('refuses to delete a segment that mailings use, naming them', async () => {
    const { list } = await audience();
    await t.post(segs(list), { name: 'All', filter: {} });
    const mailing = await t.post('/api/v1/mailings', {
      list,
      name: 'Autumn news',
      segments: [1],
      variants: [{ subject: 'Hi', layout: { text: 'Hi' } }],
    });
    expect(mailing.statusCode, mailing.body).toBe(201);
    const res = await t.delete(segs(list, '/1'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['This segment is used by mailings "Autumn news"; it cannot be deleted.'],
    });
  });
});

describe('segment filters', () => {
  it.each([
    [
      'region: a country includes its subdivisions',
      { conditions: [{ field: 'region', in: ['de'] }] },
      ['ann', 'bob', 'eve'],
    ],
    [
      'region: a subdivision only itself',
      { conditions: [{ field: 'region', in: ['DE-BY', 'AT'] }] },
      ['ann', 'dan'],
    ],
    ['gender', { conditions: [{ field: 'gender', in: ['f', 'm'] }] }, ['ann', 'bob']],
    [
      'date of birth range',
      { conditions: [{ field: 'date_of_birth', from: '1980-01-01' }] },
      ['bob'],
    ],
    [
      'state',
      { conditions: [{ field: 'subscription', in: ['active'] }] },
      ['ann', 'bob', 'cyd', 'dan', 'eve', 'fay'],
    ],
    [
      'integer range',
      { conditions: [{ field: 'custom', name: 'seats', operator: 'range', from: 2, to: 20 }] },
      ['ann', 'cyd'],
    ],
    [
      'integer equals',
      { conditions: [{ field: 'custom', name: 'seats', operator: 'equals', value: 1 }] },
      ['bob'],
    ],
    [
      'date range',
      { conditions: [{ field: 'custom', name: 'renewal', operator: 'range', to: '2027-12-31' }] },
      ['cyd'],
    ],
    [
      'choice',
      {
        conditions: [
          { field: 'custom', name: 'plan', operator: 'choice', values: ['free', 'pro'] },
        ],
      },
      ['ann', 'bob', 'cyd', 'dan'],
    ],
    [
      'contains, case-insensitive, % literal',
      { conditions: [{ field: 'custom', name: 'company', operator: 'contains', value: '100%' }] },
      ['eve'],
    ],
    [
      'string equals ignores case',
      {
        conditions: [
          { field: 'custom', name: 'company', operator: 'equals', value: 'bergblick ag' },
        ],
      },
      ['ann'],
    ],
    [
      'any',
      {
        match: 'any',
        conditions: [
          { field: 'language', in: ['de'] },
          { field: 'region', in: ['FR'] },
        ],
      },
      ['bob', 'dan', 'fay'],
    ],
    [
      'all',
      {
        match: 'all',
        conditions: [
          { field: 'language', in: ['de'] },
          { field: 'region', in: ['AT'] },
        ],
      },
      ['dan'],
    ],
  ])('%s', async (_, filter, expected) => {
    const { list } = await audience();
    expect(await preview(list, filter)).toEqual({ count: expected.length, emails: expected });
  });

  it('pages a preview like a collection', async () => {
    const { list } = await audience();
    const res = await t.post(segs(list, '/preview?page_size=3&page=2'), {
      filter: { conditions: [{ field: 'language', in: ['en'] }] },
    });
    expect(res.json()).toMatchObject({
      count: 4,
      next: null,
      previous: `/api/v1/lists/${list}/segments/preview?page_size=3`,
      results: [{ email: 'fay@a.example' }],
    });
    const first = await t.post(segs(list, '/preview?page_size=3'), { filter: {} });
    expect(first.json()).toMatchObject({
      count: 6,
      next: `/api/v1/lists/${list}/segments/preview?page_size=3&page=2`,
    });
  });

  it('filters by creation time', async () => {
    const { list, ids } = await audience();
    await t.db.execute(
      sql`update subscribers set create_datetime = '2020-01-01T00:00:00Z' where id = ${ids[5]}`,
    );
    const filter = { conditions: [{ field: 'create_datetime', to: '2021-01-01T00:00:00Z' }] };
    expect(await preview(list, filter)).toEqual({ count: 1, emails: ['fay'] });
  });

  it('matches people who opened, clicked (a link) or bounced a mailing of the list', async () => {
    const { list } = await audience();
    await t.post('/api/v1/mailings', {
      list,
      name: 'M',
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: '2030-01-01T00:00:00Z' }],
        },
      ],
    });
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime) VALUES
        (1, 1, 'ANN@a.example', now()), (1, 1, 'bob@a.example', now()), (1, 1, 'bob@a.example', now())`);
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, email, datetime, url) VALUES
        (1, 1, 'bob@a.example', now(), 'https://x.example/a'), (1, 1, 'cyd@a.example', now(), 'https://x.example/b')`);
    await t.db.execute(sql`
      INSERT INTO stat_bounces (delivery_id, mailing_id, email, datetime, hard) VALUES (1, 1, 'fay@a.example', now(), true)`);
    const engaged = (action: string, url?: string) => ({
      conditions: [{ field: 'engagement', mailing: 1, action, ...(url ? { url } : {}) }],
    });
    expect(await preview(list, engaged('opened'))).toEqual({ count: 2, emails: ['ann', 'bob'] });
    expect(await preview(list, engaged('clicked'))).toEqual({ count: 2, emails: ['bob', 'cyd'] });
    expect(await preview(list, engaged('clicked', 'https://x.example/b'))).toEqual({
      count: 1,
      emails: ['cyd'],
    });
    expect(await preview(list, engaged('bounced'))).toEqual({ count: 1, emails: ['fay'] });
    const other = await createList(t, { name: 'Other' });
    const res = await t.post(segs(other, '/preview'), { filter: engaged('opened') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      filter: {
        conditions: [{ mailing: ['Invalid pk "1" - no mailing of this list has this id.'] }],
      },
    });
  });
});

describe('segment validation: field-level 400s', () => {
  it.each([
    ['an empty name', { name: '  ', filter: {} }, { name: ['This field may not be blank.'] }],
    [
      'a 1 MB name',
      { name: 'x'.repeat(1_000_000), filter: {} },
      { name: ['Ensure this field has no more than 200 characters.'] },
    ],
    ['an unknown member', { name: 'a', filter: {}, colour: 'red' }, { colour: ['Unknown field.'] }],
  ])('refuses %s', async (_, body, errors) => {
    const { list } = await audience();
    const res = await t.post(segs(list), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('names the condition and member that is wrong', async () => {
    const { list } = await audience();
    const condition = async (c: Record<string, unknown>) => {
      const res = await t.post(segs(list), {
        name: 'x',
        filter: { conditions: [{ field: 'language', in: ['en'] }, c] },
      });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { filter: { conditions: Record<string, string[]>[] } }).filter
        .conditions[1];
    };
    expect(Object.keys((await condition({ field: 'shoe_size', in: ['42'] }))!)).toEqual(['field']);
    expect(
      await condition({ field: 'custom', name: 'shoe_size', operator: 'equals', value: '42' }),
    ).toEqual({
      name: ['Unknown field "shoe_size": the list has no such custom field.'],
    });
    expect(
      await condition({ field: 'custom', name: 'seats', operator: 'contains', value: '4' }),
    ).toEqual({
      operator: ['A integer field takes equals or range, not "contains".'],
    });
    expect(
      await condition({ field: 'custom', name: 'seats', operator: 'equals', value: 'many' }),
    ).toEqual({
      value: ['A valid integer is required.'],
    });
    expect(
      await condition({ field: 'custom', name: 'renewal', operator: 'range', from: '2027-02-30' }),
    ).toEqual({
      from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    expect(
      await condition({ field: 'custom', name: 'plan', operator: 'choice', values: ['gold'] }),
    ).toEqual({
      values: ['"gold" is not a valid choice.'],
    });
    expect(
      Object.keys((await condition({ field: 'language', in: ['x'.repeat(1_000_000)] }))!),
    ).toEqual(['in']);
    expect(await condition({ field: 'date_of_birth' })).toEqual({
      from: ['Give a lower bound, an upper bound, or both.'],
    });
  });

  it('refuses a name taken in the same list, not in another', async () => {
    const { list } = await audience();
    const other = await createList(t, { name: 'Other' });
    expect((await t.post(segs(list), { name: 'VIP', filter: {} })).statusCode).toBe(201);
    expect((await t.post(segs(other), { name: 'VIP', filter: {} })).statusCode).toBe(201);
    const res = await t.post(segs(list), { name: 'VIP', filter: {} });
    expect(res.json()).toEqual({ name: ['segment with this name already exists in this list.'] });
  });
});
