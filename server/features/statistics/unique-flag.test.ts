import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  const list = (
    await t.post('/api/v1/lists', {
      name: 'L',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json().id;
  const res = await t.post('/api/v1/mailings', {
    list,
    name: 'M',
    variants: [
      {
        subject: 'S',
        layout: { text: 'T' },
        deliveries: [
          { scheduled_datetime: '2024-05-01T00:00:00Z' },
          { scheduled_datetime: '2024-05-02T00:00:00Z' },
        ],
      },
    ],
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const uniqueOpens = async () =>
  (await t.get('/api/v1/statistics/opens?unique=true'))
    .json()
    .results.map(
      (r: { email: string; datetime: string }) => `${r.email} ${r.datetime.slice(11, 16)}`,
    );

describe('the earliest-record flag behind unique=true', () => {
  it('is set per statement for a bulk insert, ties broken by id', async () => {
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime) VALUES
        (1, 1, 'a@x.example', '2024-05-01T10:00:00Z'),
        (1, 1, 'a@x.example', '2024-05-01T09:00:00Z'),
        (1, 1, 'b@x.example', '2024-05-01T11:00:00Z'),
        (1, 1, 'b@x.example', '2024-05-01T11:00:00Z'),
        (2, 1, 'a@x.example', '2024-05-02T08:00:00Z')`);
    expect(await uniqueOpens()).toEqual([
      'a@x.example 09:00',
      'b@x.example 11:00',
      'a@x.example 08:00',
    ]);
    const { rows } = (await t.db.execute(
      sql`SELECT id, first FROM stat_opens WHERE email = 'b@x.example' ORDER BY id`,
    )) as unknown as { rows: { id: number; first: boolean }[] };
    expect(rows.map((r) => r.first)).toEqual([true, false]);
  });

  it('moves to a record that arrives later with an earlier datetime', async () => {
    await t.db.execute(sql`INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime)
      VALUES (1, 1, 'a@x.example', '2024-05-01T10:00:00Z')`);
    expect(await uniqueOpens()).toEqual(['a@x.example 10:00']);
    await t.db.execute(sql`INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime)
      VALUES (1, 1, 'a@x.example', '2024-05-01T07:30:00Z')`);
    await t.db.execute(sql`INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime)
      VALUES (1, 1, 'a@x.example', '2024-05-01T12:00:00Z')`);
    expect(await uniqueOpens()).toEqual(['a@x.example 07:30']);
  });

  it('counts each url once per delivery and email for clicks, and per email for bounces', async () => {
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, email, datetime, url) VALUES
        (1, 1, 'a@x.example', '2024-05-01T10:00:00Z', 'https://a.example/1'),
        (1, 1, 'a@x.example', '2024-05-01T10:01:00Z', 'https://a.example/2'),
        (1, 1, 'a@x.example', '2024-05-01T10:02:00Z', 'https://a.example/1')`);
    await t.db.execute(sql`
      INSERT INTO stat_bounces (delivery_id, mailing_id, email, datetime, hard) VALUES
        (1, 1, 'a@x.example', '2024-05-01T10:00:00Z', false),
        (1, 1, 'a@x.example', '2024-05-01T11:00:00Z', true)`);
    expect((await t.get('/api/v1/statistics/clicks?unique=true')).json().count).toBe(2);
    expect((await t.get('/api/v1/statistics/bounces?unique=true')).json().results).toEqual([
      { mailing: 1, email: 'a@x.example', datetime: '2024-05-01T10:00:00.000Z', hard: false },
    ]);
  });

  it('marks thousands of records in one transaction holding a bounded number of locks', async () => {
    // PostgreSQL's lock table is shared by the server (~7,000 entries by default): one lock per
    // key held to commit ran it out ("out of shared memory") for a transaction this size.
    const held = await t.db.transaction(async (tx) => {
      for (const table of ['stat_opens', 'stat_clicks'])
        await tx.execute(sql`
          INSERT INTO ${sql.raw(table)} (delivery_id, mailing_id, email, datetime ${sql.raw(table === 'stat_clicks' ? ', url' : '')})
          SELECT 1, 1, 'p' || (n % 4000) || '@x.example', timestamptz '2024-05-01T10:00:00Z' + n * interval '1 second'
                 ${sql.raw(table === 'stat_clicks' ? ", 'https://a.example/1'" : '')}
            FROM generate_series(1, 8000) AS n`);
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pg_locks
             WHERE pid = pg_backend_pid() AND locktype = 'advisory'`,
      );
      return row!.n;
    });
    expect(held).toBeLessThanOrEqual(2 * 256);
    expect((await t.get('/api/v1/statistics/opens?unique=true')).json().count).toBe(4000);
    expect((await t.get('/api/v1/statistics/clicks?unique=true')).json().count).toBe(4000);
    expect((await t.get('/api/v1/statistics/opens')).json().count).toBe(8000);
  });
});
