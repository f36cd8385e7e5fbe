/** How a job is processed; shared by process-job.ts and batches.ts (below both). */
export type ProcessOptions = {
  /**
   * Data rows per transaction (at most 10,000), or a function asked as each batch begins
   * (PGlite's batches are sized by time while the dashboard is in use, see batch-sizing.ts).
   */
  batchSize: number | (() => number);
  /**
   * Awaited before each batch's transaction starts. On PGlite (one connection) the server
   * waits there for a moment without API requests, so they do not queue behind batches.
   */
  beforeBatch?: () => Promise<void>;
  /** Called after each committed batch; tests throw from it to simulate a crash. */
  afterBatch?: (progress: BatchProgress) => void | Promise<void>;
  /** Checked between batches: true lets go of the job (shutdown). */
  shouldStop?: () => boolean;
  /** Where a failed search-index merge or ANALYZE beside the import is reported (upkeep.ts). */
  onUpkeepError?: (error: unknown) => void;
  /** Processed rows at which the job first ANALYZEs the list, then at each doubling (upkeep.ts). */
  analyzeFirstAtRows?: number;
};

/** What `afterBatch` is told of a committed batch. */
export type BatchProgress = {
  importId: number;
  /** The job's data records consumed so far (its resume point). */
  processedRows: number;
  /** Data records of this batch. */
  rows: number;
  /** How long the batch's transaction took, from its start to its commit. */
  commitMs: number;
};
