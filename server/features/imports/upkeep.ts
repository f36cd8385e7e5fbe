import { sql } from 'drizzle-orm';
import { postgresPool, type Db, type Executor } from '../../db/client.js';
import { analyzeImportedRows } from '../../db/maintenance.js';

/**
 * The trigram index of people search (0009). GIN adds new rows to a pending list that
 * searches scan as well, so a row is found the moment its transaction commits, whether
 * its trigrams are still pending or already merged into the index proper.
 */
const SEARCH_INDEX = 'subscribers_search_trgm';

/**
 * How far an import's own transactions let the pending list grow before they merge it
 * themselves (the session setting, in kB; the index sets no limit of its own). With the
 * merges beside the import keeping up, the list holds about one batch (about 2 MB for 10,000 rows); this
 * bounds what a search scans when the cleaner falls behind or cannot run (16 MB pending
 * added 5–15 ms to a search over 300,000 rows on PostgreSQL 15).
 */
const IMPORT_PENDING_LIST_KB = 16 * 1024;

/**
 * An import's rows reach the planner's statistics while the list grows: ANALYZE once the job
 * has processed this many rows, then each time that number doubles (seven times in 1M rows).
 * Until then the planner takes the list for as small as it was at the last ANALYZE (a new
 * list's id is in no statistics), and answers a search during the import by reading every
 * row of the list. Importing 1M rows with searches alongside, on PostgreSQL they took p95
 * 70–177 ms and up to 334 ms (depending on when autovacuum woke), with these ANALYZEs p95
 * 82–96 ms and up to 199 ms; on PGlite (no autovacuum) p95 122 ms, with them 56 ms.
 */
export const ANALYZE_FIRST_AT_ROWS = 10_000;

export type ImportUpkeep = {
  /** Raises the pending-list limit for the rest of the import transaction `tx`. */
  prepare(tx: Executor): Promise<void>;
  /**
   * After a committed batch, with the job's processed rows: on PostgreSQL starts an ANALYZE
   * when one is due, or else a merge of the pending list, unless one is running; on PGlite
   * runs a due ANALYZE before the next batch.
   */
  afterCommit(processedRows: number): Promise<void>;
  /** Waits for the statement in flight (a job's end, so none outlives the worker). */
  drain(): Promise<void>;
};

export type UpkeepOptions = {
  /** Where a failed merge or ANALYZE is reported: the import goes on without them. */
  onError: (error: unknown) => void;
  analyzeFirstAtRows?: number;
  /** Awaited before an ANALYZE on PGlite (the server lets API requests go first). */
  beforeStatement?: () => Promise<void>;
};

/** True at the first processed-rows count of at least `firstAt`, then at each doubling. */
function analyzeSchedule(firstAt: number) {
  let next = firstAt;
  return (processedRows: number) => {
    if (processedRows < next) return false;
    next = 2 * processedRows;
    return true;
  };
}

/**
 * Keeps the search index and the planner's statistics up with an import.
 *
 * On PostgreSQL both run off the import's critical path, on another connection of the pool,
 * one statement at a time per job, never awaited by the import. Left to the importing
 * transaction, the pending list is merged inline every ~4 MB (about a tenth of the import's
 * database time, measured at 1M rows); here the import only appends and the merge
 * (`gin_clean_pending_list`) runs beside it. Replicas may clean side by side: PostgreSQL
 * lets one merge run at a time and the other waits on its own connection. A merge or
 * ANALYZE that fails (the database user does not own the table, say) is reported once and
 * not tried again for the job: the import then merges by itself at the higher limit, and
 * searches stay correct either way.
 *
 * PGlite has one connection, where a statement beside the import would only make reads
 * wait: it merges inline, and a due ANALYZE runs between two batches.
 */
export function importUpkeep(db: Db, options: UpkeepOptions): ImportUpkeep {
  const analyzeDue = analyzeSchedule(options.analyzeFirstAtRows ?? ANALYZE_FIRST_AT_ROWS);
  const failed = { merge: false, analyze: false };
  const report = (kind: keyof typeof failed) => (error: unknown) => {
    // Not retried for this job: a missing privilege fails the same way every time.
    failed[kind] = true;
    options.onError(error);
  };

  if (!postgresPool(db)) {
    return {
      prepare: async () => {},
      async afterCommit(processedRows) {
        if (!analyzeDue(processedRows) || failed.analyze) return;
        await options.beforeStatement?.();
        await analyzeImportedRows(db).catch(report('analyze'));
      },
      drain: async () => {},
    };
  }

  let inFlight: Promise<void> | undefined;
  let analyzeWanted = false;
  return {
    async prepare(tx) {
      await tx.execute(sql.raw(`SET LOCAL gin_pending_list_limit = ${IMPORT_PENDING_LIST_KB}`));
    },
    async afterCommit(processedRows) {
      if (analyzeDue(processedRows)) analyzeWanted = !failed.analyze;
      if (inFlight) return;
      // A due ANALYZE goes first: the merge is needed again after every batch anyway.
      const next = analyzeWanted
        ? analyzeImportedRows(db).catch(report('analyze'))
        : failed.merge
          ? undefined
          : db
              .execute(sql`SELECT gin_clean_pending_list(${SEARCH_INDEX}::regclass)`)
              .then(() => undefined, report('merge'));
      analyzeWanted = false;
      inFlight = next?.finally(() => {
        inFlight = undefined;
      });
    },
    async drain() {
      await inFlight;
    },
  };
}
