import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sending: { publicUrl: 'http://mail.example.test/' } });
});
afterAll(() => t.close());

const recount = async () => {
  const { rows } = (await t.db.execute(
    sql`SELECT count(*)::int AS n FROM outbox_messages`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
};
const shown = async () => (await t.get('/api/v1/outbox')).json().count as number;

const insert = (n: number) =>
  t.db.execute(sql`
    INSERT INTO outbox_messages (recipient, sender, subject, message_id, headers, html, text)
    SELECT 'r' || i || '@example.com', 's@example.com', 'Subject', '<m' || i || '@x>', '{}'::jsonb, '', ''
      FROM generate_series(1, ${n}) AS i`);

describe('the outbox count kept by triggers (migration 0019)', () => {
  it('equals a recount after inserts, trims, failed statements and emptying', async () => {
    await t.db.execute(sql`TRUNCATE outbox_messages`);
    expect(await shown()).toBe(0);
    await insert(1);
    await insert(250);
    expect(await shown()).toBe(await recount());
    expect(await shown()).toBe(251);
    // A statement rolled back takes its count with it.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM outbox_messages WHERE id % 2 = 0`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await shown()).toBe(251);
    // The transport's trim: keep the newest 100.
    await t.db.execute(sql`
      DELETE FROM outbox_messages WHERE id <= (
        SELECT id FROM outbox_messages ORDER BY id DESC OFFSET 100 LIMIT 1)`);
    expect(await shown()).toBe(await recount());
    expect(await shown()).toBe(100);
    // Concurrent inserts from several connections (PostgreSQL) or queued (PGlite).
    await Promise.all(Array.from({ length: 8 }, () => insert(5)));
    expect(await shown()).toBe(await recount());
    // A search still counts its matches.
    expect((await t.get('/api/v1/outbox?search=r1%40')).json().count).toBeGreaterThan(0);
    await t.db.execute(sql`TRUNCATE outbox_messages`);
    expect(await shown()).toBe(0);
  });
});
