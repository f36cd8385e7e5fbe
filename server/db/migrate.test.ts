import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from './client.js';
import { migrateDatabase } from './migrate.js';
import { featuresFolder, migrationsFolder } from './migrations-folder.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { queryRows } from './query-rows.js';
import { readRepeatableSql } from './repeatable-sql.js';
import { openTestDatabase } from '../test/database.js';

/**
 * Every function of ours (not an extension's) and every trigger, as PostgreSQL prints them:
 * what a database really runs, whatever the files that made it say.
 */
async function definitions(db: Db) {
  const functions = await queryRows<{ name: string; definition: string }>(
    db,
    sql`SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
          FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                              AND d.deptype = 'e')
         ORDER BY p.proname`,
  );
  const triggers = await queryRows<{ name: string; definition: string }>(
    db,
    sql`SELECT tgname AS name, pg_get_triggerdef(oid) AS definition
          FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`,
  );
  return { functions, triggers };
}

/** The functions and triggers the repeatable files create, by name. */
async function namesInFiles(root: string) {
  const functions: string[] = [];
  const triggers: string[] = [];
  for (const file of await readRepeatableSql(root)) {
    const text = file.statements.join('\n');
    for (const m of text.matchAll(/CREATE OR REPLACE FUNCTION "?(\w+)"?\s*\(/g)) {
      functions.push(m[1]!);
      // One file per function, named after it (and holding the triggers that execute it).
      expect(path.basename(file.name, '.sql'), file.name).toBe(m[1]);
    }
    for (const m of text.matchAll(/CREATE TRIGGER "?(\w+)"?/g)) triggers.push(m[1]!);
  }
  return { functions: functions.sort(), triggers: triggers.sort() };
}

/** A new database migrated by the runner: PGlite in memory, or one on TEST_DATABASE_URL. */
async function migratedDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) return openTestDatabase();
  const database = await openDatabase({
    pglite: await PGlite.create({ extensions: pgliteExtensions }),
  });
  await database.migrate();
  return database;
}

describe('the migration runner and the repeatable SQL beside the features', () => {
  let database: Database;
  let copies: string;
  beforeAll(async () => {
    database = await migratedDatabase();
    copies = await mkdtemp(path.join(os.tmpdir(), 'mailboard-repeatable-'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(copies, { recursive: true, force: true });
  });

  it('a migrated database has exactly the functions and triggers the sql files define', async () => {
    const inDatabase = await definitions(database.db);
    const inFiles = await namesInFiles(featuresFolder);
    expect(inDatabase.functions.map((f) => f.name)).toEqual(inFiles.functions);
    expect(inDatabase.triggers.map((t) => t.name).sort()).toEqual(inFiles.triggers);
    // What one subscriber INSERT fires, in the order it fires them (statement triggers of one
    // event run in name order), each in the sql/ folder of the feature that reacts.
    const onInsert = inDatabase.triggers
      .filter((t) => / AFTER INSERT ON public\.subscribers /.test(t.definition))
      .map((t) => t.name);
    expect(onInsert).toEqual([
      'subscribers_assert_references_insert', // subscribers/sql/subscriber_references_check.sql
      'subscribers_automations_insert', // automations/sql/automation_subscribers_inserted.sql
      'subscribers_blocks_insert', // subscribers/sql/subscriber_blocks_on_insert.sql
      'subscribers_counts_insert', // lists/sql/subscriber_counts_on_insert.sql
      'subscribers_history_insert', // subscribers/sql/subscriber_history_on_insert.sql
      'subscribers_webhooks_insert', // webhooks/sql/webhook_subscribers_inserted.sql
    ]);
  });

  it('runs nothing a second time, and applying every file again changes no definition', async () => {
    expect(await migrateDatabase(database.db)).toEqual({ migrations: 0, repeatables: [] });
    const before = await definitions(database.db);
    await database.db.execute(sql`DELETE FROM repeatable_sql`);
    const again = await migrateDatabase(database.db);
    expect(again.migrations).toBe(0);
    expect(again.repeatables).toEqual((await readRepeatableSql(featuresFolder)).map((f) => f.name));
    expect(await definitions(database.db)).toEqual(before);
  });

  it('applies a changed file once, and a failing file changes nothing', async () => {
    const root = path.join(copies, 'features');
    await cp(featuresFolder, root, { recursive: true, filter: (p) => !p.endsWith('.ts') });
    const changed = path.join(root, 'webhooks/sql/webhook_iso.sql');
    const text = await readFile(changed, 'utf8');
    await writeFile(changed, text.replace('SELECT to_char(', 'SELECT /* changed */ to_char('));
    const isoDefinition = async () =>
      (await definitions(database.db)).functions.find((f) => f.name === 'webhook_iso')!.definition;

    expect(await migrateDatabase(database.db, root)).toEqual({
      migrations: 0,
      repeatables: ['webhooks/sql/webhook_iso.sql'],
    });
    expect(await isoDefinition()).toContain('/* changed */');
    expect((await migrateDatabase(database.db, root)).repeatables).toEqual([]);

    // A file that fails: the whole run is rolled back, the changed file included.
    await writeFile(changed, text.replace('SELECT to_char(', 'SELECT /* again */ to_char('));
    await writeFile(path.join(root, 'webhooks/sql/webhook_zzz.sql'), 'CREATE FUNCTION (;');
    await expect(migrateDatabase(database.db, root)).rejects.toThrow();
    expect(await isoDefinition()).toContain('/* changed */');

    // The files as they are put the function back, and only that file runs.
    expect((await migrateDatabase(database.db)).repeatables).toEqual([
      'webhooks/sql/webhook_iso.sql',
    ]);
    expect(await isoDefinition()).not.toContain('/* changed */');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('replicas migrating at once', () => {
  it('four replicas starting together on a new PostgreSQL database all start; one migrates', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `mailboard_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const replicas = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: databaseUrl.toString() })),
    );
    try {
      const results = await Promise.all(replicas.map((r) => migrateDatabase(r.db)));
      const migrated = results.filter((r) => r.migrations > 0);
      expect(migrated).toHaveLength(1);
      expect(migrated[0]!.migrations).toBe(readMigrationFiles({ migrationsFolder }).length);
      expect(migrated[0]!.repeatables).toHaveLength(
        (await readRepeatableSql(featuresFolder)).length,
      );
      for (const other of results.filter((r) => r.migrations === 0)) {
        expect(other.repeatables).toEqual([]);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
