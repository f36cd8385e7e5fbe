import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { featuresFolder, migrationsFolder } from './migrations-folder.js';
import { queryRows } from './query-rows.js';
import { applyRepeatableSql, readRepeatableSql } from './repeatable-sql.js';
import type { Db } from './types.js';

export type MigrationResult = {
  /** How many numbered migrations were applied. */
  migrations: number;
  /** Names of the repeatable SQL files applied (repeatable-sql.ts). */
  repeatables: string[];
};

/**
 * The numbered migrations not yet applied, then every repeatable SQL file whose content
 * changed, in ONE transaction: a failure leaves the database as it was, and a new function
 * never meets a table its migration has not yet made.
 *
 * drizzle's own migrator (which this replaces) created its table and read the last applied
 * migration outside its transaction and took no lock: of four replicas starting at once on a
 * new PostgreSQL database, three failed creating that table, and two reading before either
 * committed would both run the same migration. Here each first takes a transaction-scoped
 * advisory lock, then reads; the others wait, then find everything done. The bookkeeping is drizzle's
 * (`drizzle.__drizzle_migrations`, the same hash and created_at), so databases migrated
 * before carry on.
 */
export async function migrateDatabase(
  db: Db,
  /** Tests point it at a copy of the files; the server uses server/features. */
  repeatableRoot = featuresFolder,
): Promise<MigrationResult> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const repeatables = await readRepeatableSql(repeatableRoot);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mailboard.migrations'))`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
      id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    const [last] = await queryRows<{ created_at: string }>(
      tx,
      sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    let applied = 0;
    for (const migration of migrations) {
      // As drizzle: a migration newer than the last applied one is due.
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
        VALUES (${migration.hash}, ${migration.folderMillis})`);
      applied++;
    }
    return { migrations: applied, repeatables: await applyRepeatableSql(tx, repeatables) };
  });
}
