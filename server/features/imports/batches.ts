import { IMPORT_MAX_ERRORS } from '../../../contract/imports.js';
import type { Db } from '../../db/client.js';
import type { ImportRowError } from '../../db/schema/imports.js';
import { commitBatch, type BatchOutcome, type ClaimedJob } from './job-queries.js';
import { subscriberInserter } from './insert-subscribers.js';
import type { ImportUpkeep } from './upkeep.js';
import type { ProcessOptions } from './process-options.js';
import type { SubscriberValues } from './rows.js';

export type Batch = BatchOutcome & { candidates: SubscriberValues[] };

const emptyBatch = (processedRows: number): Batch => ({
  processedRows,
  candidates: [],
  skippedDuplicate: 0,
  invalid: 0,
  errors: [],
});

/**
 * Collects a job's rows into batches and commits them one after the other, while the next
 * batch is being read: the database inserts batch N as the worker parses and validates
 * N+1. A batch starts only after the previous one committed, so `processed_rows` and the
 * claim advance in order; a failed commit surfaces at the next `send` or `finish`.
 */
export function batchCommitter(
  db: Db,
  job: ClaimedJob,
  subscription: 'active' | 'pending',
  upkeep: ImportUpkeep,
  hooks: Pick<ProcessOptions, 'afterBatch' | 'beforeBatch'>,
) {
  const { afterBatch, beforeBatch } = hooks;
  let pending = emptyBatch(job.processedRows);
  let inFlight: Promise<void> = Promise.resolve();
  let failed: { error: unknown } | undefined;
  let keptErrors = job.storedErrors;
  // One per job: it remembers whether the last batch met addresses already in the list.
  const commitOptions = { upkeep, insert: subscriberInserter() };

  const settle = async () => {
    await inFlight;
    if (failed) throw failed.error;
  };

  return {
    /** The batch being filled. */
    get pending() {
      return pending;
    },

    /** Keeps an error if fewer than IMPORT_MAX_ERRORS are kept so far. */
    addError(error: ImportRowError) {
      if (keptErrors >= IMPORT_MAX_ERRORS) return;
      keptErrors++;
      pending.errors.push(error);
    },

    /** Waits until everything sent is committed (throwing what went wrong). */
    settle,

    /** Sends the pending batch once the previous one has committed; returns at once then. */
    async send() {
      await settle();
      const batch = pending;
      pending = emptyBatch(batch.processedRows);
      // The next batch is read meanwhile, while the commit waits for its turn.
      const rows = batch.processedRows - job.processedRows;
      inFlight = Promise.resolve(beforeBatch?.())
        .then(async () => {
          const started = performance.now();
          await commitBatch(db, job, subscription, batch, commitOptions);
          const commitMs = performance.now() - started;
          await upkeep.afterCommit(job.processedRows);
          await afterBatch?.({
            importId: job.id,
            processedRows: job.processedRows,
            rows,
            commitMs,
          });
        })
        .catch((error: unknown) => {
          failed = { error };
        });
    },

    /** Commits the pending rows as the last batch: the job ends done, or failed. */
    async finish(final: NonNullable<BatchOutcome['final']>) {
      await settle();
      pending.final = final;
      await beforeBatch?.();
      await commitBatch(db, job, subscription, pending, commitOptions);
      await upkeep.afterCommit(job.processedRows);
    },
  };
}
