import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from './query-rows.js';
import type { Executor } from './types.js';

/**
 * The current definition of each trigger and database function: one file in a `sql/` folder
 * beside the feature that reacts with it (server/features/**\/sql/*.sql), applied after the
 * numbered migrations whenever its content changes, as Flyway's repeatable migrations are
 * (docs/architecture.md, "Where to add a trigger"). Numbered migrations keep tables and data.
 */
export type RepeatableSql = {
  /** The file's path below the root, with `/`: what `repeatable_sql.name` records. */
  name: string;
  /** sha256 of the file's content, hex. */
  checksum: string;
  /** Split where the file says `--> statement-breakpoint`: PGlite runs one statement a call. */
  statements: string[];
};

/** Every `*.sql` file in a folder named `sql` below `root`, in the order of their names. */
export async function readRepeatableSql(root: string): Promise<RepeatableSql[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.sql') && path.basename(e.parentPath) === 'sql')
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(path.join(root, name), 'utf8');
      return {
        name,
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
      };
    }),
  );
}

/**
 * Applies each file whose checksum differs from the one recorded, in the caller's transaction
 * (the runner's, under its lock); returns the names applied.
 *
 * Order: by name, and it does not matter, which is why no file declares what it needs. A
 * trigger lives in the file of the function it executes, after it; and function bodies are
 * not checked against other functions while these run (check_function_bodies off, as pg_dump
 * restores functions), so one function may call another whose file comes later. A mistake in
 * a body is found when it first runs: by the tests, which run every trigger.
 */
export async function applyRepeatableSql(tx: Executor, files: RepeatableSql[]): Promise<string[]> {
  const applied = await queryRows<{ name: string; checksum: string }>(
    tx,
    sql`SELECT name, checksum FROM repeatable_sql`,
  );
  const recorded = new Map(applied.map((r) => [r.name, r.checksum]));
  const changed = files.filter((f) => recorded.get(f.name) !== f.checksum);
  if (changed.length === 0) return [];
  // Until the transaction ends, which is the runner's, just after this.
  await tx.execute(sql`SET LOCAL check_function_bodies = off`);
  for (const file of changed) {
    for (const statement of file.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`
      INSERT INTO repeatable_sql (name, checksum) VALUES (${file.name}, ${file.checksum})
      ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`);
  }
  return changed.map((f) => f.name);
}
