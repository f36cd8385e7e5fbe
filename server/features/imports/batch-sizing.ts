/**
 * Rows per import batch on PGlite. It has one connection, and a batch's transaction holds
 * the server's thread from start to end: a request that arrives meanwhile waits for all of
 * it (batches start only between requests, see requestsFirst). So while the API is in use a
 * batch is sized to hold the thread for about {@link BatchSizing.inUseHoldMs}, from the time
 * the last batches took per row: a request then waits about as long whatever the machine
 * and however slow COPY has become as the list grew (a row costs ~40 µs at the start of a
 * 1M-row import and ~65 µs at its end). A fixed 250 rows held the thread ~20 ms but paid a
 * batch's fixed cost (~5 ms: its transaction, statements and triggers) every 250 rows:
 * 9,860 rows/s with reads against 13,275 with 1,000-row batches (whose reads took p95 98
 * and at worst 163 ms). Left alone, an import takes the largest batches.
 */
export type BatchSizing = {
  /** Rows while nobody uses the API, and the most while somebody does. */
  idleRows: number;
  /** How long a batch may hold the thread while the API is in use. */
  inUseHoldMs: number;
  /** Rows of the first batch while in use, before any batch was timed. */
  firstInUseRows: number;
  /** Never fewer rows than this, however slow a batch was (a batch's fixed cost). */
  minRows: number;
};

export const PGLITE_BATCH_SIZING: BatchSizing = {
  idleRows: 1_000,
  inUseHoldMs: 60,
  firstInUseRows: 250,
  minRows: 100,
};

/**
 * The next batch's rows, from whether the API is in use and the per-row time of the batches
 * committed so far (each new batch weighs half: the cost per row drifts as the list grows,
 * and one batch slowed by a burst of requests should not halve the next).
 */
export function batchSizer(sizing: BatchSizing, inUse: () => boolean) {
  let msPerRow: number | undefined;
  return {
    next(): number {
      if (!inUse()) return sizing.idleRows;
      if (msPerRow === undefined) return sizing.firstInUseRows;
      const rows = Math.floor(sizing.inUseHoldMs / msPerRow);
      return Math.max(sizing.minRows, Math.min(sizing.idleRows, rows));
    },
    /** A committed batch: its rows and how long its transaction took. */
    committed(rows: number, ms: number): void {
      if (rows <= 0 || !(ms > 0)) return;
      const sample = ms / rows;
      msPerRow = msPerRow === undefined ? sample : (msPerRow + sample) / 2;
    },
  };
}
