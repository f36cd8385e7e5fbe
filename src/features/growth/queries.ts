import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getDayUnsubscribes, getListGrowth, type GrowthQuery } from '../../api/overview';

/** Query keys and options of list growth (docs/architecture.md §3.1). */
export const growthQueries = {
  all: () => ['growth'] as const,
  /** One list's buckets over a period. */
  list: (listId: number, query: GrowthQuery) =>
    queryOptions({
      queryKey: [...growthQueries.all(), 'list', listId, query] as const,
      queryFn: ({ signal }) => getListGrowth(listId, query, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** Who unsubscribed from a list on one UTC day. */
  unsubscribes: (listId: number, date: string) =>
    queryOptions({
      queryKey: [...growthQueries.all(), 'unsubscribes', listId, date] as const,
      queryFn: ({ signal }) => getDayUnsubscribes(listId, date, signal),
    }),
};
