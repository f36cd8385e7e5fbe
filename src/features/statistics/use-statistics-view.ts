import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readView, writeView, type ViewChange, type ViewState } from './view-params';

/**
 * The screen's view bound to the URL. Every change pushes a history entry, so Back undoes
 * a filter; `today` (UTC) fills in the default range.
 *
 * A change is written over the last query string asked for, not the rendered one: the router
 * renders a navigation as a transition, which stays pending while the charts it needs load,
 * and react-router hands the functional form of `setSearchParams` the rendered params. Two
 * quick changes (the start date, then the end date) would otherwise lose the first.
 */
export function useStatisticsView(
  today: string,
): ViewState & { update: (change: ViewChange) => void } {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A navigation of its own (Back, a link) becomes the base of the next change.
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const view = useMemo(() => readView(params, today), [params, today]);
  const update = useCallback(
    (change: ViewChange) => {
      const next = writeView(latest.current, change);
      latest.current = next;
      setParams(next);
    },
    [setParams],
  );
  return useMemo(() => ({ ...view, update }), [view, update]);
}
