import type { Executor } from '../../../db/client.js';
import { recordResults, type RecipientResult } from './queries.js';

const RETRY_WAITS_MS = [100, 500, 2000];

/**
 * Group commit of send results: `record` resolves once the result is in the database, with
 * the deliveries of that write no longer running.
 * Results that arrive while a write is under way go together in the next one, so under load
 * the lanes share statements while none waits longer than one write. With `gather`, a write
 * waits up to `lingerMs` for that many results (the lanes' next messages are on their way
 * meanwhile: their ends wait for these commits, not their starts). A failed write is tried
 * again a few times (a message the relay accepted but we did not record would be sent again
 * after the lease).
 */
export function resultWriter(db: Executor, { gather = 1, lingerMs = 0 } = {}) {
  type Pending = { result: RecipientResult; done: (stopped: number[], error?: unknown) => void };
  let pending: Pending[] = [];
  let writing = false;
  let lingering: ReturnType<typeof setTimeout> | undefined;
  const write = async (results: RecipientResult[]) => {
    for (let i = 0; ; i++) {
      try {
        return await recordResults(db, results);
      } catch (error) {
        if (i >= RETRY_WAITS_MS.length) throw error;
        await new Promise((r) => setTimeout(r, RETRY_WAITS_MS[i]));
      }
    }
  };
  const kick = (waited = false) => {
    if (writing || pending.length === 0) return;
    if (!waited && pending.length < gather && lingerMs > 0) {
      lingering ??= setTimeout(() => {
        lingering = undefined;
        kick(true);
      }, lingerMs);
      return;
    }
    clearTimeout(lingering);
    lingering = undefined;
    writing = true;
    const batch = pending;
    pending = [];
    void write(batch.map((p) => p.result))
      .then(
        (stopped) => batch.forEach((p) => p.done(stopped)),
        (error: unknown) => batch.forEach((p) => p.done([], error ?? new Error('write failed'))),
      )
      .finally(() => {
        writing = false;
        kick();
      });
  };
  return {
    record(result: RecipientResult) {
      return new Promise<number[]>((resolve, reject) => {
        pending.push({
          result,
          done: (stopped, error) => (error === undefined ? resolve(stopped) : reject(error)),
        });
        kick();
      });
    },
  };
}
