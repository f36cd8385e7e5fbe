import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { openTestDatabase } from '../../test/database.js';
import {
  liftErasure,
  suppressAddress,
  suppressDomain,
  suppressErased,
  suppressedSql,
  suppressionMessage,
  suppressionOf,
  type SuppressionReason,
} from './index.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** What the send-time check says of each address, in one statement as the engine asks. */
async function suppressedInSql(...emails: string[]) {
  const rows = await queryRows<{ email: string; suppressed: boolean }>(
    database.db,
    sql`SELECT e AS email, ${suppressedSql(sql`e`)} AS suppressed
        FROM unnest(${`{${emails.join(',')}}`}::text[]) AS e`,
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.suppressed]));
}

describe('the suppression list', () => {
  it('matches an address in any letter case, keeping its first reason', async () => {
    const db = database.db;
    await suppressAddress(db, { email: 'Ann@Example.com', reason: 'complaint', source: 'arf' });
    await suppressAddress(db, { email: 'ann@example.com', reason: 'manual', source: 'admin' });
    expect(await suppressionOf(db, 'ANN@example.COM')).toEqual({
      reason: 'complaint',
      source: 'arf',
    });
    expect(await suppressionOf(db, 'bob@example.com')).toBeNull();
    expect(await suppressedInSql('ANN@EXAMPLE.com', 'bob@example.com')).toEqual({
      'ANN@EXAMPLE.com': true,
      'bob@example.com': false,
    });
  });

  it('matches every address of a suppressed domain', async () => {
    await suppressDomain(database.db, { domain: 'Spam.Test', reason: 'manual', source: 'admin' });
    expect(await suppressionOf(database.db, 'x@spam.test')).toMatchObject({ reason: 'manual' });
    expect(await suppressedInSql('y@SPAM.test', 'y@spam.test.example')).toEqual({
      'y@SPAM.test': true,
      'y@spam.test.example': false,
    });
  });

  it('keeps an erased address only as a hash, until a new opt-in lifts it', async () => {
    const db = database.db;
    await suppressAddress(db, { email: 'cleo@example.org', reason: 'hard_bounce', source: 'dsn' });
    await suppressErased(db, 'Cleo@Example.org', 'erasure');
    const stored = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT * FROM suppressions WHERE reason = 'erased' OR email LIKE 'cleo%'`,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored).toLowerCase()).not.toContain('cleo');
    expect(await suppressionOf(db, 'CLEO@example.org')).toMatchObject({ reason: 'erased' });
    expect(await suppressedInSql('cleo@EXAMPLE.org')).toEqual({ 'cleo@EXAMPLE.org': true });
    const reason: SuppressionReason = 'erased';
    expect(suppressionMessage(reason)).toMatch(/erased at its owner’s request/);

    await liftErasure(db, 'cleo@example.org');
    expect(await suppressionOf(db, 'cleo@example.org')).toBeNull();
    expect(await suppressedInSql('cleo@example.org')).toEqual({ 'cleo@example.org': false });
  });
});
