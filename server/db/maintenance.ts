import { sql } from 'drizzle-orm';
import type { Db } from './types.js';

/**
 * Planner statistics and visibility maps for PGlite, which runs no autovacuum (docs/decisions/stack-and-sharp-edges.md):
 * without ANALYZE the planner thinks every table is tiny and sorts a whole list to show its
 * first page; without VACUUM no index-only scan is possible. These follow autovacuum's
 * default thresholds, so PostgreSQL proper (which has autovacuum) is rarely asked anything.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_INSERT_BASE = 1000;
const VACUUM_INSERT_SCALE = 0.2;
const VACUUM_DEAD_BASE = 50;
const VACUUM_DEAD_SCALE = 0.2;

type TableActivity = {
  table: string;
  changed: number;
  inserted: number;
  dead: number;
  tuples: number;
};

export type MaintenanceResult = { analyzed: string[]; vacuumed: string[] };

/**
 * ANALYZEs each table changed by more than autovacuum's threshold since its last ANALYZE,
 * and VACUUMs (with ANALYZE) those with enough new or dead rows, which also sets the
 * visibility map that index-only scans need.
 */
export async function refreshPlannerStatistics(
  db: Db,
  /** Awaited before each ANALYZE or VACUUM: on PGlite the server lets requests go first. */
  beforeEach: () => Promise<void> = async () => {},
): Promise<MaintenanceResult> {
  // Table counters are flushed lazily; this makes the next statement see current numbers.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    SELECT s.relname AS "table", s.n_mod_since_analyze::float8 AS changed,
           s.n_ins_since_vacuum::float8 AS inserted, s.n_dead_tup::float8 AS dead,
           greatest(c.reltuples, 0)::float8 AS tuples
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
  `)) as unknown as { rows: TableActivity[] };
  const result: MaintenanceResult = { analyzed: [], vacuumed: [] };
  for (const t of rows) {
    const vacuum =
      t.inserted > VACUUM_INSERT_BASE + VACUUM_INSERT_SCALE * t.tuples ||
      t.dead > VACUUM_DEAD_BASE + VACUUM_DEAD_SCALE * t.tuples;
    if (vacuum) {
      await beforeEach();
      await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(t.table)}`);
      result.vacuumed.push(t.table);
    } else if (t.changed > ANALYZE_BASE + ANALYZE_SCALE * t.tuples) {
      await beforeEach();
      await db.execute(sql`ANALYZE ${sql.identifier(t.table)}`);
      result.analyzed.push(t.table);
    }
  }
  return result;
}

/** After migrations: new tables and indexes get statistics before the first query. */
export async function analyzeAfterMigrations(db: Db) {
  await db.execute(sql`ANALYZE`);
  await refreshPlannerStatistics(db);
}

/**
 * After an import job: its rows are in the statistics before the list is browsed. Kept to
 * one call at the end of a job (features/imports/worker.ts).
 */
export async function maintainAfterImport(db: Db, beforeEach?: () => Promise<void>) {
  return refreshPlannerStatistics(db, beforeEach);
}

/**
 * During a long import on PGlite: sets the visibility map of the rows imported so far, so
 * the VACUUM at the job's end visits only the last ones (features/imports/worker.ts).
 * Without index cleanup: the heap pass visits only the pages added since the last one, but
 * a GIN index's cleanup reads every page of the index to count them (ginvacuumcleanup):
 * near the end of a 1M-row import, the search index's whole size, the likeliest cause of
 * the one ~0.4 s read wait issue 53 measured (not yet re-measured at 1M rows). Imported rows
 * leave no dead index entries to remove, and PGlite merges the pending list inline.
 */
export async function vacuumImportedRows(db: Db, beforeEach: () => Promise<void> = async () => {}) {
  // The history too, one table a statement: an update-mode import or an undo adds a history
  // row per subscriber, and the VACUUM (ANALYZE) the job's end then ran over 100,000 of them
  // took ~0.2 s on PGlite (a loaded machine), growing with the import.
  for (const table of ['subscribers', 'subscriber_history']) {
    await beforeEach();
    await db.execute(sql`VACUUM (INDEX_CLEANUP OFF) ${sql.identifier(table)}`);
  }
}

/**
 * During an import: the planner learns how large the list has grown (features/imports/upkeep.ts).
 * Only the columns a page or a search during the import filters on: the table's size comes
 * with any ANALYZE, and most of its cost is reading the sample, which one column pays as
 * much as all of them, so it is the other columns and the index expressions (which a column
 * list skips) that make the rest. PGlite, 1M rows, 6,000 sampled: 36 ms instead of 65, while
 * every request waits. The job's end analyzes the whole table (maintainAfterImport).
 */
export async function analyzeImportedRows(db: Db) {
  await db.execute(sql`ANALYZE subscribers (list_id, subscription, search_text)`);
}

export type Maintenance = { stop(): Promise<void> };

/** Checks the thresholds every `everyMs` in the background of a PGlite server. */
export function startMaintenance(
  db: Db,
  options: {
    everyMs?: number;
    onError?: (error: unknown) => void;
    beforeEach?: () => Promise<void>;
  } = {},
): Maintenance {
  const { everyMs = 60_000, onError, beforeEach } = options;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= refreshPlannerStatistics(db, beforeEach)
      .catch((error: unknown) => onError?.(error))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
