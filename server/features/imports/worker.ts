import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { maintainAfterImport, vacuumImportedRows } from '../../db/maintenance.js';
import { requestsFirst, type RequestActivity } from '../../plugins/request-activity.js';
import { batchSizer, PGLITE_BATCH_SIZING } from './batch-sizing.js';
import { claimJob } from './job-queries.js';
import { processJob } from './process-job.js';
import type { ProcessOptions } from './process-options.js';
import { importsRepository } from './repository.js';
import { runUndoJobs } from './undo-job.js';

export type ImportJobOptions = Partial<ProcessOptions> & {
  /** A running job whose worker wrote nothing for this long is taken over. */
  staleAfterMs?: number;
  /**
   * Told the list of each job that ended (done or failed): the app uses it to prepare the
   * list's pages for what the import changed. Must not throw; its promise is not awaited.
   */
  afterJob?: (listId: number) => void;
};

export const DEFAULT_BATCH_SIZE = 10_000;
/** A request within this long means someone is using the API: a person reading pages
 * pauses between requests, and the next one should be quick too. */
const IN_USE_WITHIN_MS = 5_000;
/**
 * On PGlite the rows imported so far are vacuumed every this many rows, so no VACUUM
 * (at the job's end, or the minute's maintenance) has more than these to visit: one VACUUM
 * of a whole 1M-row import held PGlite's one thread, and every request, for ~0.4 s.
 */
const PGLITE_VACUUM_EVERY_ROWS = 100_000;

/** The job options of the server's worker on PGlite (the import bench runs the same). */
export function pgliteJobOptions(
  db: Db,
  requests?: RequestActivity,
): Required<Pick<ProcessOptions, 'batchSize' | 'beforeBatch' | 'afterBatch'>> {
  const idle = () => requestsFirst(requests);
  const sizer = batchSizer(PGLITE_BATCH_SIZING, () => !!requests?.recentlyActive(IN_USE_WITHIN_MS));
  let vacuumed = { importId: 0, rows: 0 };
  return {
    batchSize: sizer.next,
    beforeBatch: idle,
    async afterBatch({ importId, processedRows, rows, commitMs }) {
      sizer.committed(rows, commitMs);
      // A new job, or the undo of the import just vacuumed (it counts its rows from 0 again):
      // left at the import's count, a 1M-row undo was never vacuumed on the way and its end
      // vacuumed a million dead rows, and every index, in one statement.
      if (importId !== vacuumed.importId || processedRows < vacuumed.rows)
        vacuumed = { importId, rows: 0 };
      if (processedRows - vacuumed.rows < PGLITE_VACUUM_EVERY_ROWS) return;
      vacuumed.rows = processedRows;
      await vacuumImportedRows(db, idle);
    },
  };
}

const DEFAULT_STALE_AFTER_MS = 120_000;

/**
 * Claims and processes imports until none is left (or `shouldStop`); returns how many it
 * finished. Tests call it directly to run the jobs synchronously. Errors other than a bad
 * file propagate and leave the job claimed, as a crash would: it is resumed once stale.
 */
export async function runImportJobs(db: Db, options: ImportJobOptions = {}): Promise<number> {
  let finished = 0;
  while (!options.shouldStop?.()) {
    const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const job = await claimJob(db, staleAfterMs);
    if (!job) {
      // Undos run once no import waits (they are rarer, and an import may be undone next).
      finished += await runUndoJobs(db, {
        ...options,
        batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
        staleAfterMs,
        afterJob: async (listId) => {
          await maintainAfterImport(db, options.beforeBatch);
          options.afterJob?.(listId);
        },
      });
      break;
    }
    const outcome = await processJob(db, job, {
      ...options,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    if (outcome === 'stopped') break;
    // Planner statistics for the imported rows (PGlite has no autovacuum; docs/decisions/stack-and-sharp-edges.md).
    if (outcome !== 'gone') {
      // Each statement waits for its turn as a batch does (PGlite: after the requests).
      await maintainAfterImport(db, options.beforeBatch);
      options.afterJob?.(job.listId);
    }
    finished++;
  }
  return finished;
}

/** Wakes the workers of this process when an upload is queued, instead of the next poll. */
const queued = new EventEmitter().setMaxListeners(0);
export const notifyImportQueued = () => queued.emit('queued');

export type ImportWorker = { stop(): Promise<void> };

/**
 * The in-process job loop of a server replica: polls for jobs (and is woken by uploads of
 * this process), and on stop lets go of the current job between two batches.
 */
export function startImportWorker(
  database: Database,
  options: ImportJobOptions & {
    pollMs?: number;
    log?: FastifyBaseLogger;
    /** The server's API requests: on PGlite, batches let them go first. */
    requests?: RequestActivity;
  } = {},
): ImportWorker {
  const { pollMs = 2_000, log, requests, ...jobOptions } = options;
  const pglite = database.kind === 'pglite' ? pgliteJobOptions(database.db, requests) : undefined;
  const batchSize = jobOptions.batchSize ?? pglite?.batchSize ?? DEFAULT_BATCH_SIZE;
  const beforeBatch = jobOptions.beforeBatch ?? pglite?.beforeBatch;
  const afterBatch: ProcessOptions['afterBatch'] = async (progress) => {
    await pglite?.afterBatch(progress);
    await jobOptions.afterBatch?.(progress);
  };
  let stopped = false;
  let wake = () => {};
  let woken = false;
  const onQueued = () => {
    woken = true;
    wake();
  };
  queued.on('queued', onQueued);
  let lastCleanup = 0;

  const loop = async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastCleanup > 10 * 60_000) {
          lastCleanup = Date.now();
          await importsRepository(database.db).deleteAbandonedUploads(6 * 3600_000);
        }
        await runImportJobs(database.db, {
          onUpkeepError: (error) =>
            log?.warn({ err: error }, 'a search-index merge or ANALYZE beside an import failed'),
          ...jobOptions,
          batchSize,
          beforeBatch,
          afterBatch,
          shouldStop: () => stopped,
        });
      } catch (error) {
        log?.error({ err: error }, 'import job failed; it is retried once its claim is stale');
      }
      if (stopped) break;
      if (woken) {
        woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
      woken = false;
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      queued.off('queued', onQueued);
      wake();
      await running;
    },
  };
}
