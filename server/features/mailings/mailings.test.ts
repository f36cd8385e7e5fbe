import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { buildZip, zipDataUri } from '../../test/zip-fixtures.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

async function createList(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post('/api/v1/lists', {
    name: 'News',
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
    default_replyto_email: 'reply@acme.example',
    languages: ['en', 'de'],
    ...overrides,
  });
  return res.json().id;
}

const variant = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Hello',
  layout: { text: '<p>Hi</p>' },
  ...overrides,
});

describe('POST /api/v1/mailings', () => {
  it('creates a text mailing with the spec shapes and the list defaults', async () => {
    const list = await createList();
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Spring',
      variants: [variant({ deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }] })],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: 1,
      list,
      name: 'Spring',
      campaign: null,
      segments: [],
      variants: [
        {
          language: null,
          languages: [],
          from_name: 'Acme',
          from_email: 'news@acme.example',
          replyto_email: 'reply@acme.example',
          subject: 'Hello',
          layout: { id: 1, source: '<p>Hi</p>' },
          deliveries: [
            { scheduled_datetime: '2030-03-01T09:00:00.000Z', exclusions: [], limit: null },
          ],
        },
      ],
    });
  });

  it('keeps given senders, campaign and segments; accepts language as array, string or null', async () => {
    const list = await createList({ default_replyto_email: '' });
    const campaign = (await t.post('/api/v1/campaigns', { name: 'Autumn season' })).json().id;
    for (const name of ['Everyone', 'Germans', 'English'])
      await t.post(`/api/v1/lists/${list}/segments`, { name, filter: {} });
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Autumn',
      campaign,
      segments: [2, 3],
      variants: [
        variant({ language: ['de'], from_name: 'Acme DE', from_email: 'de@acme.example' }),
        variant({ language: 'en', replyto_email: 'help@acme.example' }),
        variant({ language: null }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ campaign, segments: [2, 3] });
    expect(body.variants.map((v: Record<string, unknown>) => [v.language, v.languages])).toEqual([
      [null, ['de']],
      [null, ['en']],
      [null, []],
    ]);
    expect(body.variants[0]).toMatchObject({
      from_name: 'Acme DE',
      from_email: 'de@acme.example',
      replyto_email: '',
      deliveries: [],
    });
    expect(body.variants[1].replyto_email).toBe('help@acme.example');
  });

  it('answers 400 on each missing required field', async () => {
    const res = await t.post('/api/v1/mailings', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      list: ['This field is required.'],
      name: ['This field is required.'],
      variants: ['This field is required.'],
    });
    const empty = await t.post('/api/v1/mailings', { list: 1, name: 'x', variants: [] });
    expect(empty.json()).toEqual({ variants: ['This list may not be empty.'] });
  });

  it('answers 400, not 500, for deliveries outside the years 1–9999 in UTC', async () => {
    const list = await createList();
    for (const scheduled_datetime of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-05:00',
    ]) {
      const res = await t.post('/api/v1/mailings', {
        list,
        name: scheduled_datetime,
        variants: [variant({ deliveries: [{ scheduled_datetime }] })],
      });
      expect(res.statusCode, scheduled_datetime).toBe(400);
      expect(res.json().variants[0].deliveries[0].scheduled_datetime[0]).toMatch(/wrong format/);
    }
    const edge = await t.post('/api/v1/mailings', {
      list,
      name: 'edge',
      variants: [variant({ deliveries: [{ scheduled_datetime: '9999-12-31T23:59:59Z' }] })],
    });
    expect(edge.statusCode).toBe(201);
    expect(edge.json().variants[0].deliveries[0].scheduled_datetime).toBe(
      '9999-12-31T23:59:59.000Z',
    );
  });

  it('refuses a campaign that does not exist and segments of no or another list', async () => {
    const list = await createList();
    const other = await createList({ name: 'Other' });
    await t.post(`/api/v1/lists/${other}/segments`, { name: 'Theirs', filter: {} });
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'x',
      campaign: 7,
      segments: [1, 5],
      variants: [variant()],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      campaign: ['Invalid pk "7" - object does not exist.'],
      segments: [
        'Invalid pk "1" - no segment of this list has this id.',
        'Invalid pk "5" - no segment of this list has this id.',
      ],
    });
    expect((await t.get('/api/v1/mailings')).json().count).toBe(0);
  });

  it('answers 400, not 500, for campaign and segment ids past the stored integer range', async () => {
    const list = await createList();
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'x',
      campaign: 2_147_483_648,
      segments: [1, 99_999_999_999],
      variants: [variant()],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      campaign: ['Ensure this value is less than or equal to 2147483647.'],
      segments: [{}, ['Ensure this value is less than or equal to 2147483647.']],
    });
  });

  it('points nested errors at the offending variant field', async () => {
    const list = await createList();
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'x',
      variants: [
        variant(),
        { layout: {} },
        variant({ from_email: 'nope', deliveries: [{ scheduled_datetime: 'soon' }] }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.variants).toHaveLength(3);
    expect(body.variants[0]).toEqual({});
    expect(body.variants[1]).toEqual({
      subject: ['This field is required.'],
      layout: ['Provide the layout as text, as a zip_file, or both.'],
    });
    expect(body.variants[2].from_email).toEqual(['Enter a valid email address.']);
    expect(body.variants[2].deliveries[0].scheduled_datetime[0]).toMatch(/wrong format/);
  });

  it('refuses an unknown list and languages outside the list', async () => {
    const unknown = await t.post('/api/v1/mailings', {
      list: 99,
      name: 'x',
      variants: [variant()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ list: ['Invalid pk "99" - object does not exist.'] });
    const huge = await t.post('/api/v1/mailings', {
      list: 99_999_999_999,
      name: 'x',
      variants: [variant()],
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({
      list: ['Invalid pk "99999999999" - object does not exist.'],
    });
    const list = await createList();
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'x',
      variants: [variant({ language: 'de' }), variant({ language: ['en', 'fr'] })],
    });
    expect(res.json()).toEqual({
      variants: [{}, { language: ['"fr" is not one of the list\'s languages (en, de).'] }],
    });
  });

  it('keeps names unique, also when two requests race', async () => {
    const list = await createList();
    const payload = { list, name: 'Once', variants: [variant()] };
    const [a, b] = await Promise.all([
      t.post('/api/v1/mailings', payload),
      t.post('/api/v1/mailings', payload),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json()).toEqual({ name: ['mailing with this name already exists.'] });
    expect((await t.get('/api/v1/mailings')).json().count).toBe(1);
    const again = await t.post('/api/v1/mailings', payload);
    expect(again.json()).toEqual({ name: ['mailing with this name already exists.'] });
  });

  it('reports zip problems on the variant that sent them and stores nothing', async () => {
    const list = await createList();
    const traversal = zipDataUri(buildZip({ 'index.html': 'x', '../evil': 'x' }));
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Zipped',
      variants: [variant(), variant({ layout: { zip_file: traversal } })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      variants: [{}, { layout: { zip_file: [expect.stringContaining('"../evil" contains "..')] } }],
    });
    const notZip = await t.post('/api/v1/mailings', {
      list,
      name: 'Zipped',
      variants: [variant({ layout: { zip_file: 'data:application/zip;base64,aGVsbG8=' } })],
    });
    expect(notZip.json()).toEqual({
      variants: [{ layout: { zip_file: ['The file is not a valid zip archive.'] } }],
    });
    const badUri = await t.post('/api/v1/mailings', {
      list,
      name: 'Zipped',
      variants: [variant(), variant({ layout: { zip_file: 'data:image/png;base64,AAAA' } })],
    });
    expect(badUri.json()).toEqual({
      variants: [{}, { layout: { zip_file: [expect.stringContaining('media type "image/png"')] } }],
    });
    expect((await t.get('/api/v1/mailings')).json().count).toBe(0);
  });
});

describe('GET /api/v1/mailings and /api/v1/mailings/{id}', () => {
  it('pages {id, name, campaign}, filters by list and orders', async () => {
    const a = await createList();
    const b = await createList({ name: 'Other' });
    await t.post('/api/v1/campaigns', { name: 'One' });
    await t.post('/api/v1/campaigns', { name: 'Two' });
    for (const [list, name, campaign] of [
      [a, 'b', 1],
      [b, 'a', null],
      [a, 'c', 2],
    ] as const) {
      await t.post('/api/v1/mailings', { list, name, campaign, variants: [variant()] });
    }
    const all = await t.get('/api/v1/mailings?ordering=-name');
    expect(all.json()).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        { id: 3, name: 'c', campaign: 2 },
        { id: 1, name: 'b', campaign: 1 },
        { id: 2, name: 'a', campaign: null },
      ],
    });
    const filtered = await t.get(`/api/v1/mailings?list=${a}&page_size=1`);
    expect(filtered.json()).toMatchObject({
      count: 2,
      next: `/api/v1/mailings?list=${a}&page_size=1&page=2`,
      results: [{ id: 1 }],
    });
    for (const unknown of ['999', '2147483648', '99999999999']) {
      const res = await t.get(`/api/v1/mailings?list=${unknown}`);
      expect(res.statusCode, unknown).toBe(200);
      expect(res.json()).toMatchObject({ count: 0, results: [] });
    }
    // An empty filter is no filter, as with django-filter.
    expect((await t.get('/api/v1/mailings?list=')).json().count).toBe(3);
    const malformed = await t.get('/api/v1/mailings?list=abc');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['list']);
    expect((await t.get('/api/v1/mailings?ordering=subject')).statusCode).toBe(400);
  });

  it('reads and deletes one mailing; 404 for unknown ids', async () => {
    const list = await createList();
    const created = (
      await t.post('/api/v1/mailings', { list, name: 'One', variants: [variant()] })
    ).json();
    const read = await t.get(`/api/v1/mailings/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    expect((await t.delete(`/api/v1/mailings/${created.id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/mailings/${created.id}`)).json()).toEqual({
      detail: 'Not found.',
    });
    expect((await t.delete(`/api/v1/mailings/${created.id}`)).statusCode).toBe(404);
    expect((await t.get('/api/v1/mailings/abc')).statusCode).toBe(404);
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/mailings' });
    expect(res.statusCode).toBe(401);
  });
});
