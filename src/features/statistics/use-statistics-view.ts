import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readView, writeView, type ViewChange, type ViewState } from './view-params';

/**
 * The screen's view bound to the URL. Every change pushes a history entry, so Back undoes
 * a filter; `today` (UTC) fills in the default range.
 */
export function useStatisticsView(
  today: string,
): ViewState & { update: (change: ViewChange) => void } {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params, today), [params, today]);
  const update = useCallback(
    (change: ViewChange) => setParams((current) => writeView(current, change)),
    [setParams],
  );
  return useMemo(() => ({ ...view, update }), [view, update]);
}
