import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from '../../db/client.js';

/**
 * The trigram index of people search (0009). GIN adds new rows to a pending list that
 * searches scan as well, so a row is found the moment its transaction commits, whether
 * its trigrams are still pending or already merged into the index proper.
 */
const SEARCH_INDEX = 'subscribers_search_trgm';

/**
 * How far an import's own transactions let the pending list grow before they merge it
 * themselves (the session setting, in kB; the index sets no limit of its own). With the
 * cleaner keeping up, the list holds about one batch (about 2 MB for 10,000 rows); this
 * bounds what a search scans when the cleaner falls behind or cannot run (16 MB pending
 * added 5–15 ms to a search over 300,000 rows on PostgreSQL 15).
 */
const IMPORT_PENDING_LIST_KB = 16 * 1024;

export type PendingListCleaner = {
  /** Raises the pending-list limit for the rest of the import transaction `tx`. */
  prepare(tx: Executor): Promise<void>;
  /** After a committed batch: starts merging the pending list, unless a merge is running. */
  afterCommit(): void;
  /** Waits for the merge in flight (a job's end, so none outlives the worker). */
  drain(): Promise<void>;
};

/** Nothing to do: PGlite has one connection, where a merge would only make reads wait. */
const inline: PendingListCleaner = {
  prepare: async () => {},
  afterCommit: () => {},
  drain: async () => {},
};

/**
 * Takes the trigram index's merges off an import's critical path on PostgreSQL. Left to
 * the importing transaction, the pending list is merged inline every ~4 MB (about a tenth
 * of the import's database time, measured at 1M rows). Here the import only appends and
 * the merge (`gin_clean_pending_list`) runs on another connection of the pool, at most
 * one at a time per worker, never awaited by the import. Replicas may clean side by side:
 * PostgreSQL lets one merge run at a time and the other waits on its own connection.
 * A merge that fails (the database user does not own the index, say) is only logged: the
 * import then merges by itself at the higher limit, and searches stay correct either way.
 */
export function pendingListCleaner(db: Db, onError: (error: unknown) => void): PendingListCleaner {
  if (!((db as { $client?: unknown }).$client instanceof pg.Pool)) return inline;
  let inFlight: Promise<void> | undefined;
  let failed = false;
  return {
    async prepare(tx) {
      await tx.execute(sql.raw(`SET LOCAL gin_pending_list_limit = ${IMPORT_PENDING_LIST_KB}`));
    },
    afterCommit() {
      if (inFlight || failed) return;
      inFlight = db
        .execute(sql`SELECT gin_clean_pending_list(${SEARCH_INDEX}::regclass)`)
        .then(
          () => undefined,
          (error: unknown) => {
            // Not retried for this job: a missing privilege fails the same way every time.
            failed = true;
            onError(error);
          },
        )
        .finally(() => {
          inFlight = undefined;
        });
    },
    async drain() {
      await inFlight;
    },
  };
}
