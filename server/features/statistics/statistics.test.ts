import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
const U1 = 'https://shop.example/a';
const U2 = 'https://shop.example/b';

/**
 * Three mailings (campaign 10, campaign 20, none), one delivery each (ids 1–3), and records
 * with known answers. Record ids follow the order below, so expectations name them.
 */
beforeAll(async () => {
  t = await createTestContext();
  const list = (
    await t.post('/api/v1/lists', {
      name: 'Stats',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json().id;
  // Campaigns are resources now; these ids keep the expectations below readable.
  await t.db.execute(sql`INSERT INTO campaigns (id, name) VALUES (10, 'Ten'), (20, 'Twenty')`);
  for (const [name, campaign] of [
    ['A', 10],
    ['B', 20],
    ['C', null],
  ] as const) {
    const res = await t.post('/api/v1/mailings', {
      list,
      name,
      campaign,
      variants: [
        {
          subject: name,
          layout: { text: name },
          deliveries: [{ scheduled_datetime: '2024-05-01T08:00:00Z' }],
        },
      ],
    });
    expect(res.statusCode).toBe(201);
  }
  const campaignOf = { 1: 10, 2: 20, 3: null } as const;
  const insert = async (
    table: string,
    rows: [1 | 2 | 3, string, string, string?][],
    extra?: string,
  ) => {
    for (const [delivery, email, datetime, value] of rows) {
      const columns = extra ? sql.raw(`, ${extra}`) : sql``;
      const values = extra
        ? sql`, ${value === 'true' ? true : value === 'false' ? false : value}`
        : sql``;
      await t.db.execute(sql`INSERT INTO ${sql.raw(table)}
        (delivery_id, mailing_id, campaign, email, datetime ${columns})
        VALUES (${delivery}, ${delivery}, ${campaignOf[delivery]}, ${email}, ${datetime}::timestamptz ${values})`);
    }
  };
  await insert('stat_opens', [
    [1, 'a@x.example', '2024-05-01T10:00:00Z'],
    [1, 'a@x.example', '2024-05-01T12:00:00Z'],
    [1, 'b@x.example', '2024-05-02T09:00:00Z'],
    [1, 'a@x.example', '2024-05-03T08:00:00Z'],
    [2, 'a@x.example', '2024-05-02T10:30:00Z'],
    [2, 'c@x.example', '2024-05-02T10:45:00Z'],
    [3, 'c@x.example', '2024-05-04T00:00:00Z'],
    [3, 'c@x.example', '2024-05-04T00:00:00Z'],
  ]);
  await insert(
    'stat_clicks',
    [
      [1, 'a@x.example', '2024-05-01T10:05:00Z', U1],
      [1, 'a@x.example', '2024-05-01T10:06:00Z', U1],
      [1, 'a@x.example', '2024-05-01T10:07:00Z', U2],
      [1, 'b@x.example', '2024-05-02T09:10:00Z', U1],
      [2, 'a@x.example', '2024-05-02T11:00:00Z', U2],
    ],
    'url',
  );
  await insert(
    'stat_bounces',
    [
      [1, 'a@x.example', '2024-05-01T10:00:00Z', 'false'],
      [1, 'a@x.example', '2024-05-02T10:00:00Z', 'true'],
      [2, 'c@x.example', '2024-05-02T10:00:00Z', 'true'],
    ],
    'hard',
  );
});
afterAll(() => t.close());

/** The record numbers (1-based insertion order) a collection query returns, in order. */
const openIds: Record<string, number> = {
  '2024-05-01T10:00:00.000Z a@x.example': 1,
  '2024-05-01T12:00:00.000Z a@x.example': 2,
  '2024-05-02T09:00:00.000Z b@x.example': 3,
  '2024-05-03T08:00:00.000Z a@x.example': 4,
  '2024-05-02T10:30:00.000Z a@x.example': 5,
  '2024-05-02T10:45:00.000Z c@x.example': 6,
  '2024-05-04T00:00:00.000Z c@x.example': 7,
};

async function opens(query: string): Promise<number[]> {
  const res = await t.get(`/api/v1/statistics/opens?page_size=100&${query}`);
  expect(res.statusCode, query).toBe(200);
  const body = res.json();
  expect(body.count).toBe(body.results.length);
  return body.results.map(
    (r: { datetime: string; email: string }) => openIds[`${r.datetime} ${r.email}`],
  );
}

/** Records written before or without classification signals: people, for no reason given. */
const human = { class: 'human', reasons: [] };

describe('GET /api/v1/statistics/opens', () => {
  it('returns the spec shape, ordered by datetime then id, paginated', async () => {
    const res = await t.get('/api/v1/statistics/opens?page_size=3&mailing=1');
    expect(res.json()).toEqual({
      count: 4,
      next: '/api/v1/statistics/opens?page_size=3&mailing=1&page=2',
      previous: null,
      results: [
        { ...human, mailing: 1, email: 'a@x.example', datetime: '2024-05-01T10:00:00.000Z' },
        { ...human, mailing: 1, email: 'a@x.example', datetime: '2024-05-01T12:00:00.000Z' },
        { ...human, mailing: 1, email: 'b@x.example', datetime: '2024-05-02T09:00:00.000Z' },
      ],
    });
    expect(await opens('')).toEqual([1, 2, 3, 5, 6, 4, 7, 7]);
  });

  it.each([
    ['mailing=1', [1, 2, 3, 4]],
    ['campaign=10', [1, 2, 3, 4]],
    ['campaign=20', [5, 6]],
    ['campaign=20&mailing=1', []],
    ['campaign=999', []],
    ['mailing=999', []],
    ['mailing=2147483648', []],
    ['campaign=99999999999', []],
    ['unique=true', [1, 3, 5, 6, 7]],
    ['unique=1&mailing=1', [1, 3]],
    ['unique=FALSE', [1, 2, 3, 5, 6, 4, 7, 7]],
    ['unique=0', [1, 2, 3, 5, 6, 4, 7, 7]],
    ['campaign=&mailing=&unique=&date=&from_datetime=&to_datetime=', [1, 2, 3, 5, 6, 4, 7, 7]],
    ['date=2024-05-02', [3, 5, 6]],
    ['date=2024-05-03', [4]],
    ['date=2024-05-03&unique=true', []],
    ['date=9999-12-31', []],
    [
      'from_datetime=9999-12-31T23:59:59Z&to_datetime=0001-01-01T00:00:00Z',
      [1, 2, 3, 5, 6, 4, 7, 7],
    ],
    ['from_datetime=2024-05-02T09:00:00Z', [1, 2, 3]],
    ['from_datetime=2024-05-02T11:00:00%2B02:00', [1, 2, 3]],
    ['to_datetime=2024-05-02T10:45:00Z', [6, 4, 7, 7]],
    ['to_datetime=2024-05-02T09:00:00Z&from_datetime=2024-05-02T10:45:00Z', [3, 5, 6]],
    ['to_datetime=2024-05-02T09:00:00Z&unique=true', [3, 5, 6, 7]],
  ])('%s', async (query, expected) => {
    expect(await opens(query)).toEqual(expected);
  });

  it.each([
    ['campaign=abc', 'campaign'],
    ['mailing=1.5', 'mailing'],
    ['unique=yes', 'unique'],
    ['date=2024-13-01', 'date'],
    ['date=yesterday', 'date'],
    ['from_datetime=2024-05-02', 'from_datetime'],
    ['to_datetime=soon', 'to_datetime'],
    ['date=0000-01-01', 'date'],
    ['from_datetime=0000-01-01T00:00:00Z', 'from_datetime'],
    ['to_datetime=9999-12-31T23:00:00-05:00', 'to_datetime'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const res = await t.get(`/api/v1/statistics/opens?${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual([parameter]);
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/statistics/opens' });
    expect(res.statusCode).toBe(401);
  });
});

describe('clicks and bounces', () => {
  const clicks = async (query: string) =>
    (await t.get(`/api/v1/statistics/clicks?${query}`)).json().results;

  it('filters clicks by url, with unique per (delivery, email, url)', async () => {
    expect((await clicks('mailing=2'))[0]).toEqual({
      mailing: 2,
      email: 'a@x.example',
      datetime: '2024-05-02T11:00:00.000Z',
      url: U2,
      ...human,
    });
    expect(
      (await clicks(`url=${encodeURIComponent(U1)}`)).map((c: { datetime: string }) => c.datetime),
    ).toEqual(['2024-05-01T10:05:00.000Z', '2024-05-01T10:06:00.000Z', '2024-05-02T09:10:00.000Z']);
    expect(
      (await clicks('unique=true')).map((c: { datetime: string }) => c.datetime.slice(11, 16)),
    ).toEqual(['10:05', '10:07', '09:10', '11:00']);
    expect(await clicks(`url=${encodeURIComponent(U1)}&unique=true`)).toHaveLength(2);
    expect(await clicks('url=https://elsewhere.example/')).toEqual([]);
    expect(await clicks('url=')).toHaveLength((await clicks('')).length);
    const malformed = await t.get('/api/v1/statistics/clicks?url=not%20a%20url');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['url']);
  });

  it('filters bounces by hard, unique keeping the earliest bounce', async () => {
    const bounces = async (query: string) =>
      (await t.get(`/api/v1/statistics/bounces?${query}`)).json().results;
    expect(await bounces('hard=false')).toEqual([
      { mailing: 1, email: 'a@x.example', datetime: '2024-05-01T10:00:00.000Z', hard: false },
    ]);
    expect((await bounces('hard=TRUE')).map((b: { mailing: number }) => b.mailing)).toEqual([1, 2]);
    expect(await bounces('hard=')).toHaveLength(3);
    expect(
      (await bounces('hard=1&unique=true')).map((b: { mailing: number }) => b.mailing),
    ).toEqual([2]);
    expect((await t.get('/api/v1/statistics/bounces?hard=maybe')).json()).toEqual({
      hard: ['Must be a valid boolean.'],
    });
    // `url` belongs to clicks only and `hard` to bounces only: elsewhere they are ignored.
    expect((await t.get('/api/v1/statistics/opens?hard=nope')).statusCode).toBe(200);
  });
});

describe('extensions: series and top URLs', () => {
  const series = async (path: string) => {
    const res = await t.get(`/api/v1/statistics/${path}`);
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };

  it('buckets by UTC day or hour, respecting filters and unique', async () => {
    expect(await series('opens/series?interval=day')).toEqual([
      { bucket: '2024-05-01T00:00:00.000Z', count: 2 },
      { bucket: '2024-05-02T00:00:00.000Z', count: 3 },
      { bucket: '2024-05-03T00:00:00.000Z', count: 1 },
      { bucket: '2024-05-04T00:00:00.000Z', count: 2 },
    ]);
    expect(await series('opens/series?interval=day&unique=true')).toEqual([
      { bucket: '2024-05-01T00:00:00.000Z', count: 1 },
      { bucket: '2024-05-02T00:00:00.000Z', count: 3 },
      { bucket: '2024-05-04T00:00:00.000Z', count: 1 },
    ]);
    expect(await series('opens/series?interval=hour&campaign=20')).toEqual([
      { bucket: '2024-05-02T10:00:00.000Z', count: 2 },
    ]);
    expect(await series('bounces/series?interval=day&hard=true')).toEqual([
      { bucket: '2024-05-02T00:00:00.000Z', count: 2 },
    ]);
    expect(await series('clicks/series?interval=hour&mailing=999')).toEqual([]);
    for (const query of ['', 'interval=week', 'interval=day&unique=maybe']) {
      const res = await t.get(`/api/v1/statistics/opens/series?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.get('/api/v1/statistics/opens/series')).json()).toEqual({
      interval: ['This field is required.'],
    });
  });

  it('adds up to the collection count for the same filters', async () => {
    for (const kind of ['opens', 'clicks', 'bounces']) {
      for (const query of [
        '',
        'unique=true',
        'campaign=10&unique=true',
        'to_datetime=2024-05-01T11:00:00Z&unique=true',
        'from_datetime=2024-05-02T10:00:00Z',
        'date=2024-05-02&unique=true',
      ]) {
        const points: { count: number }[] = await series(`${kind}/series?interval=hour&${query}`);
        const { count } = await series(`${kind}?${query}`);
        expect(
          points.reduce((sum, p) => sum + p.count, 0),
          `${kind}?${query}`,
        ).toBe(count);
      }
    }
  });

  it('ranks clicked URLs by count, then url, with limit and unique', async () => {
    expect(await series('clicks/urls')).toEqual([
      { url: U1, count: 3 },
      { url: U2, count: 2 },
    ]);
    expect(await series('clicks/urls?unique=true')).toEqual([
      { url: U1, count: 2 },
      { url: U2, count: 2 },
    ]);
    expect(await series('clicks/urls?limit=1&campaign=10')).toEqual([{ url: U1, count: 3 }]);
    expect(await series('clicks/urls?date=2024-05-02')).toEqual([
      { url: U1, count: 1 },
      { url: U2, count: 1 },
    ]);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'url=nope']) {
      expect((await t.get(`/api/v1/statistics/clicks/urls?${query}`)).statusCode, query).toBe(400);
    }
    expect((await t.get('/api/v1/statistics/opens/urls')).statusCode).toBe(404);
  });
});
