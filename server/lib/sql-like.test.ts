import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/types.js';
import { queryRows } from '../db/query-rows.js';
import { openTestDatabase } from '../test/database.js';
import { escapeLike } from './sql-like.js';

const table: [string, string][] = [
  ['', ''],
  ['plain', 'plain'],
  ['50%', '50\\%'],
  ['first_name', 'first\\_name'],
  ['C:\\temp', 'C:\\\\temp'],
  ['%_\\', '\\%\\_\\\\'],
  ["O'Brien", "O'Brien"],
];

describe('escapeLike', () => {
  it.each(table)('%j → %j', (input, expected) => {
    expect(escapeLike(input)).toBe(expected);
  });

  describe('in the database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database.close());

    // What a search sees: the escaped text finds itself, and its wildcards match nothing else.
    it.each([
      ['50% off', '50%', true],
      ['500 off', '50%', false],
      ['first_name', 'first_name', true],
      ['firstXname', 'first_name', false],
      ['C:\\temp\\x', 'C:\\temp', true],
      ['C:temp', 'C:\\temp', false],
    ])('%j contains %j: %s', async (text, search, expected) => {
      const [row] = await queryRows<{ found: boolean }>(
        database.db,
        sql`SELECT ${text}::text ILIKE ${`%${escapeLike(search)}%`} AS found`,
      );
      expect(row!.found).toBe(expected);
    });
  });
});
