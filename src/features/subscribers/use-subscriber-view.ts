import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readView, writeView, type SubscriberView, type ViewChange } from './view-params';

/** The table's view bound to the URL; typing a search or choosing columns replaces history, the rest pushes. */
export function useSubscriberView(): SubscriberView & { update: (change: ViewChange) => void } {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const update = useCallback(
    (change: ViewChange) =>
      setParams((current) => writeView(current, change), {
        replace: 'columns' in change || 'search' in change,
      }),
    [setParams],
  );
  return useMemo(() => ({ ...view, update }), [view, update]);
}
