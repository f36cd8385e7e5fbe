import type { Db } from '../../db/client.js';
import { claimUndo, createdIds, releaseUndo, undoStep } from './undo-queries.js';
import type { ProcessOptions } from './process-options.js';

/** How undo jobs run: an import's batch options, so PGlite's requests go first alike. */
export type UndoOptions = Pick<
  ProcessOptions,
  'batchSize' | 'beforeBatch' | 'afterBatch' | 'shouldStop'
> & {
  staleAfterMs: number;
  /** Told the list of each undo that ended, as an import's end is (page blocks). */
  afterJob?: (listId: number) => void | Promise<void>;
};

/**
 * Claims and runs undos until none is left (or `shouldStop`); resolves to how many ended.
 * Each step commits its rows with the resume point, so a crashed undo resumes (any replica)
 * where it stopped once its claim is stale, and one stopped at shutdown at once.
 */
export async function runUndoJobs(db: Db, options: UndoOptions): Promise<number> {
  let finished = 0;
  while (!options.shouldStop?.()) {
    const undo = await claimUndo(db, options.staleAfterMs);
    if (!undo) break;
    const ids = await createdIds(db, undo);
    let visited = 0;
    for (;;) {
      if (options.shouldStop?.()) {
        await releaseUndo(db, undo);
        return finished;
      }
      const size =
        typeof options.batchSize === 'function' ? options.batchSize() : options.batchSize;
      await options.beforeBatch?.();
      const started = performance.now();
      const step = await undoStep(db, undo, ids, Math.max(1, Math.min(size, 10_000)));
      visited += step.rows;
      await options.afterBatch?.({
        importId: undo.importId,
        processedRows: visited,
        rows: step.rows,
        commitMs: performance.now() - started,
      });
      if (step.finished) break;
    }
    await options.afterJob?.(undo.listId);
    finished++;
  }
  return finished;
}
