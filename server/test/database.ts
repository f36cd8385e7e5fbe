import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { pgliteExtensions } from '../db/pglite-extensions.js';
import { TEMPLATE_PATH } from './template.js';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when
 * TEST_DATABASE_URL is set (`npm run test:pg`), a new database on that PostgreSQL server
 * that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openPostgresCopy(url);
  const template = await readFile(TEMPLATE_PATH);
  const pglite = await PGlite.create({
    loadDataDir: new Blob([template]),
    extensions: pgliteExtensions,
  });
  return openDatabase({ pglite });
}

async function openPostgresCopy(url: string): Promise<Database & { url: string }> {
  const name = `mailboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString() });
  await database.migrate();
  return {
    ...database,
    /** For a second connection to the same database (a second replica in a test). */
    url: testUrl.toString(),
    async close() {
      await database.close();
      // An autovacuum worker may still be in the database for a moment; FORCE can only end
      // it with pg_signal_backend (.ci/run grants it), so a refused drop is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
      await admin.end();
    },
  };
}
