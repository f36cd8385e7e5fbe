import type { Envelope } from '../../../../contract/common';
import { describeError } from '../../../api/errors';
import type { SubscriptionState } from '../states';

/** What a bulk action needs of each subscriber (kept small: "all matching" may be many). */
export type BulkTarget = { id: number; email: string; subscription: SubscriptionState };

export type BulkResult =
  | { target: BulkTarget; outcome: 'done'; state: SubscriptionState }
  | { target: BulkTarget; outcome: 'unchanged' }
  | { target: BulkTarget; outcome: 'failed'; reason: string };

export type BulkReport = { results: BulkResult[]; notRun: number };

const isAbort = (err: unknown, signal?: AbortSignal) =>
  Boolean(signal?.aborted) || (err instanceof DOMException && err.name === 'AbortError');

/**
 * Runs `perform` on every target, `concurrency` at a time, in order. Targets `isNoop` calls
 * true for are reported unchanged without a request. Cancelling (the signal) finishes the
 * requests under way and leaves the rest not run.
 */
export async function runBulk(
  targets: readonly BulkTarget[],
  perform: (target: BulkTarget, signal?: AbortSignal) => Promise<SubscriptionState>,
  options: {
    isNoop?: (target: BulkTarget) => boolean;
    concurrency?: number;
    signal?: AbortSignal;
    onResult?: (result: BulkResult, finished: number) => void;
  } = {},
): Promise<BulkReport> {
  const { isNoop = () => false, concurrency = 4, signal, onResult } = options;
  const results: BulkResult[] = new Array<BulkResult>(targets.length);
  let next = 0;
  let finished = 0;
  const record = (index: number, result: BulkResult) => {
    results[index] = result;
    onResult?.(result, ++finished);
  };
  const worker = async () => {
    while (next < targets.length && !signal?.aborted) {
      const index = next++;
      const target = targets[index]!;
      if (isNoop(target)) {
        record(index, { target, outcome: 'unchanged' });
        continue;
      }
      try {
        record(index, { target, outcome: 'done', state: await perform(target, signal) });
      } catch (err) {
        // Cancelled under way: counted as not run, like the ones never started.
        if (isAbort(err, signal)) continue;
        record(index, { target, outcome: 'failed', reason: describeError(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const done = results.filter(Boolean);
  return { results: done, notRun: targets.length - done.length };
}

/**
 * Every subscriber matching a filter, page after page (the server caps a page at 1,000),
 * ordered by id so that pages do not overlap. Only what a bulk action needs is kept.
 */
export async function collectTargets(
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Envelope<BulkTarget>>,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (n: number, total: number) => void } = {},
): Promise<BulkTarget[]> {
  const targets: BulkTarget[] = [];
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const { results, next, count } = await fetchPage(page, signal);
    for (const { id, email, subscription } of results) targets.push({ id, email, subscription });
    onProgress?.(targets.length, Math.max(count, targets.length));
    if (!next || results.length === 0) return targets;
  }
}

export type ReportSummary = { done: number; unchanged: number; failed: number; notRun: number };

export function summarize(report: BulkReport): ReportSummary {
  const by = (o: BulkResult['outcome']) => report.results.filter((r) => r.outcome === o).length;
  return {
    done: by('done'),
    unchanged: by('unchanged'),
    failed: by('failed'),
    notRun: report.notRun,
  };
}
