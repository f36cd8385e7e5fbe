import { queryOptions } from '@tanstack/react-query';
import { getOverview, type Overview } from '../../api/overview';

/** While something moves (a delivery sending, an import running), the home polls this often. */
export const LIVE_POLL_MS = 3000;

const moving = (overview: Overview | undefined) =>
  Boolean(
    overview?.running?.deliveries?.some((d) => d.status === 'running') ||
    overview?.running?.imports?.length,
  );

/** Query keys and options of the home (docs/architecture.md §3.1). */
export const homeQueries = {
  all: () => ['home'] as const,
  /** The overview; polled while a delivery or an import runs, so progress is live. */
  overview: () =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'overview'] as const,
      queryFn: ({ signal }) => getOverview(signal),
      refetchInterval: (query) => {
        const result = query.state.data;
        return result?.supported && moving(result.data) ? LIVE_POLL_MS : false;
      },
    }),
};
