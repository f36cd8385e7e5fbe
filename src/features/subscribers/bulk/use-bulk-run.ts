import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { getSubscribers, type SubscriberQuery } from '../../../api/subscribers';
import { expectedState, isNoop, type SubscriberAction } from '../actions';
import { useSubscribersList } from '../list-context';
import { performAction, withRetryAfter } from '../perform-action';
import { setCachedStates, useRefreshAfterChange } from '../queries';
import type { SubscriptionState } from '../states';
import { collectTargets, runBulk, type BulkReport, type BulkTarget } from './run-bulk';

/** One status union for the long job (docs/architecture.md §3.8). */
export type BulkStatus =
  | { phase: 'idle' }
  | { phase: 'collecting'; done: number; total: number }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'complete'; report: BulkReport }
  | { phase: 'error'; error: unknown };

const COLLECT_PAGE_SIZE = 1000;

/**
 * Collects the targets of "all N matching" (paging through the filter) and runs an action
 * on targets: rows in view change at once, failed ones are put back, and the list's counts
 * and pages are refreshed at the end.
 */
export function useBulkRun(listId: number) {
  const queryClient = useQueryClient();
  const { list } = useSubscribersList();
  const refresh = useRefreshAfterChange(listId);
  const [status, setStatus] = useState<BulkStatus>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const collect = useCallback(
    async (filter: SubscriberQuery): Promise<BulkTarget[] | undefined> => {
      const abort = (controller.current = new AbortController());
      setStatus({ phase: 'collecting', done: 0, total: 0 });
      try {
        const targets = await collectTargets(
          (page, signal) =>
            withRetryAfter(
              () =>
                getSubscribers(
                  listId,
                  { ...filter, page, page_size: COLLECT_PAGE_SIZE, ordering: 'id' },
                  signal,
                ),
              { signal },
            ),
          {
            signal: abort.signal,
            onProgress: (done, total) => setStatus({ phase: 'collecting', done, total }),
          },
        );
        setStatus({ phase: 'idle' });
        return targets;
      } catch (error) {
        setStatus(abort.signal.aborted ? { phase: 'idle' } : { phase: 'error', error });
        return undefined;
      }
    },
    [listId],
  );

  const run = useCallback(
    async (targets: BulkTarget[], action: SubscriberAction) => {
      const abort = (controller.current = new AbortController());
      const doubleOptIn = list.double_opt_in;
      const becomes = expectedState(action, doubleOptIn);
      const noop = (t: BulkTarget) => isNoop(action, t.subscription, doubleOptIn);
      const changing = targets.filter((t) => !noop(t));
      setCachedStates(queryClient, listId, new Map(changing.map((t) => [t.id, becomes])));
      const total = targets.length;
      // A few hundred progress updates are plenty, however many items there are.
      const step = Math.max(1, Math.floor(total / 200));
      setStatus({ phase: 'running', done: 0, total });
      const report = await runBulk(
        targets,
        (t, signal) =>
          withRetryAfter(() => performAction(listId, t.id, action, doubleOptIn), { signal }),
        {
          signal: abort.signal,
          isNoop: noop,
          onResult: (_result, done) => {
            if (done % step === 0 || done === total) setStatus({ phase: 'running', done, total });
          },
        },
      );
      const finalStates = new Map<number, SubscriptionState>(
        changing.map((t) => [t.id, t.subscription]),
      );
      for (const r of report.results)
        if (r.outcome === 'done') finalStates.set(r.target.id, r.state);
      setCachedStates(queryClient, listId, finalStates);
      setStatus({ phase: 'complete', report });
      await refresh();
    },
    [list.double_opt_in, listId, queryClient, refresh],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setStatus({ phase: 'idle' }), []);
  return { status, collect, run, cancel, reset };
}
