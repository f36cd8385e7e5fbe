import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { queryRows } from '../../../db/query-rows.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';
import { createSigner } from './tokens.js';

/**
 * Links in sent messages always work: the redirect and the pixel answer from the signed
 * token alone (the database locked or gone), IRIs are sent as valid `Location` headers, and
 * links signed with the previous secret still work during a rotation.
 */
const OLD = 'the tracking secret of last year';
const NEW = 'the tracking secret of this year';

let t: TestContext;
let databaseClosed = false;
let recipient: number;
beforeAll(async () => {
  t = await createTestContext({ sending: { secret: NEW, previousSecret: OLD } });
  const list = await createList(t);
  await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'reader@example.test' });
  await t.post('/api/v1/mailings', {
    list,
    name: 'Links',
    variants: [
      {
        subject: 'Links',
        layout: { text: 'Hi' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  await sendRound(t.app.sending);
  [{ id: recipient }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM delivery_recipients`,
  )) as [{ id: number }];
});
afterAll(async () => {
  await t.app.close();
  if (!databaseClosed) await t.database.close();
});

const click = (url: string, signer = t.app.sending.signer) =>
  t.app.inject({
    method: 'GET',
    url: `/t/c/${signer.sign({ kind: 'k', who: String(recipient), url })}`,
  });
const clicks = async () => {
  await t.app.trackingHits.flush();
  return (await t.get('/api/v1/statistics/clicks')).json().results as { url: string }[];
};

describe('tracked links', () => {
  it('send IRIs as ASCII in Location and record the URL as written', async () => {
    const res = await click('https://example.jp/記事?q=日本#見出し');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      'https://example.jp/%E8%A8%98%E4%BA%8B?q=%E6%97%A5%E6%9C%AC#%E8%A6%8B%E5%87%BA%E3%81%97',
    );
    const idn = await click('https://bücher.example/straße');
    expect(idn.headers.location).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
    expect((await clicks()).map((c) => c.url)).toEqual([
      'https://example.jp/記事?q=日本#見出し',
      'https://bücher.example/straße',
    ]);
  });

  it('accept links signed with the previous secret during a rotation', async () => {
    expect((await click('https://example.org/old', createSigner(OLD))).statusCode).toBe(302);
    expect(
      (await click('https://example.org/x', createSigner('some other secret'))).statusCode,
    ).toBe(404);
  });

  it('answer while the statistics table is locked, and record the hit once it is free', async () => {
    const before = (await clicks()).length;
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE stat_clicks IN ACCESS EXCLUSIVE MODE`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const res = await click('https://example.org/while-locked');
    expect(res.statusCode).toBe(302);
    const pixel = await t.app.inject({
      method: 'GET',
      url: `/t/o/${t.app.sending.signer.sign({ kind: 'o', who: String(recipient) })}`,
    });
    expect(pixel.statusCode).toBe(200);
    expect(t.app.trackingHits.pending()).toBeGreaterThan(0);
    release();
    await holder;
    expect(await clicks()).toHaveLength(before + 1);
  });

  // PGlite lives in the process: only a server can go away under it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answer while PostgreSQL cuts every connection and refuses new ones (the API 503); record once it is back',
    async () => {
      const name = new URL(t.database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const before = (await clicks()).length; // also leaves idle connections in the pool
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        // The pool's idle connections hear of it: the process must survive that.
        await new Promise((r) => setTimeout(r, 200));
        const res = await click('https://example.org/during-the-outage');
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('https://example.org/during-the-outage');
        expect(t.app.trackingHits.pending()).toBe(1); // kept until the database is back
        // The API says what is wrong, and that trying again later will do.
        const api = await t.get('/api/v1/lists');
        expect(api.statusCode).toBe(503);
        expect(api.headers['retry-after']).toBe('5');
        expect(api.json()).toEqual({
          detail: 'The database cannot be reached right now. Try again in a moment.',
        });
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      const after = await clicks();
      expect(after).toHaveLength(before + 1);
      expect(after.map((c) => c.url)).toContain('https://example.org/during-the-outage');
    },
  );

  it('answer with the database gone', async () => {
    await t.database.close();
    databaseClosed = true;
    const res = await click('https://example.org/still-works');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.org/still-works');
    const pixel = await t.app.inject({
      method: 'GET',
      url: `/t/o/${t.app.sending.signer.sign({ kind: 'o', who: String(recipient) })}`,
    });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
  });
});
