import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../../server/app.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { usersRepository } from '../../server/features/identity/index.js';

export type BenchApp = { app: App; database: Database; authorization: string };

/**
 * Runs `work` against the real app on a new, migrated database of the PostgreSQL server in
 * `url` (its role needs CREATEDB), with a bench user whose Basic header is `authorization`;
 * the database is dropped afterwards, whatever happens. `options` go to buildApp.
 */
export async function withPostgresApp(
  url: string,
  work: (bench: BenchApp) => Promise<void>,
  options: Omit<Partial<AppOptions>, 'database'> = {},
) {
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  try {
    await database.migrate();
    await usersRepository(database.db).create('bench@example.com', 'bench-password');
    const app = await buildApp({ ...options, database });
    const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
    await work({ app, database, authorization });
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
