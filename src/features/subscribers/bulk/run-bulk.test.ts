import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { collectTargets, runBulk, summarize, type BulkTarget } from './run-bulk';

const target = (id: number, subscription: BulkTarget['subscription'] = 'active'): BulkTarget => ({
  id,
  email: `s${id}@example.com`,
  subscription,
});

describe('runBulk', () => {
  it('reports each target as done, unchanged (no request) or failed with the reason', async () => {
    const perform = vi.fn(async (t: BulkTarget) => {
      if (t.id === 3) throw new ApiError(404, { detail: 'Not found.' }, new Headers());
      return 'unsubscribed' as const;
    });
    const progress: number[] = [];
    const report = await runBulk([target(1), target(2, 'unsubscribed'), target(3)], perform, {
      isNoop: (t) => t.subscription === 'unsubscribed',
      onResult: (_r, finished) => progress.push(finished),
    });
    expect(perform).toHaveBeenCalledTimes(2);
    expect(report.results.map((r) => r.outcome)).toEqual(['done', 'unchanged', 'failed']);
    expect(report.results[2]).toMatchObject({ reason: 'This item does not exist (any more).' });
    expect(progress).toEqual([1, 2, 3]);
    expect(summarize(report)).toEqual({ done: 1, unchanged: 1, failed: 1, notRun: 0 });
  });

  it('never runs more than `concurrency` requests at once', async () => {
    let running = 0;
    let most = 0;
    await runBulk(
      Array.from({ length: 20 }, (_, i) => target(i)),
      async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        return 'deleted';
      },
      { concurrency: 3 },
    );
    expect(most).toBe(3);
  });

  it('stops on cancel and counts the rest as not run', async () => {
    const controller = new AbortController();
    const report = await runBulk(
      Array.from({ length: 10 }, (_, i) => target(i)),
      async (t) => {
        if (t.id === 1) controller.abort();
        return 'deleted';
      },
      { concurrency: 1, signal: controller.signal },
    );
    expect(summarize(report)).toEqual({ done: 2, unchanged: 0, failed: 0, notRun: 8 });
  });
});

describe('collectTargets', () => {
  it('pages until there is no next page, keeping id, email and state', async () => {
    const fetchPage = vi.fn(async (page: number) => ({
      count: 3,
      next: page < 2 ? `/x?page=${page + 1}` : null,
      previous: null,
      results: page === 1 ? [{ ...target(1), first_name: 'A' }, target(2)] : [target(3, 'pending')],
    }));
    const seen: [number, number][] = [];
    const targets = await collectTargets(fetchPage, { onProgress: (n, t) => seen.push([n, t]) });
    expect(targets).toEqual([target(1), target(2), target(3, 'pending')]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([
      [2, 3],
      [3, 3],
    ]);
  });
});
