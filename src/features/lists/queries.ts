import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getList, getLists, type ListQuery } from '../../api/lists';
import type { listOrderingFields as contractOrdering } from '../../../contract/lists';
import type { TableDefaults, TableParams } from '../../components/table-params';

// The contract's list, restated: importing it at runtime would load classic zod here.
const listOrderingFields = [
  'id',
  'name',
  'create_datetime',
  'update_datetime',
] as const satisfies typeof contractOrdering;

/** The lists table's URL state (the route loader prefetches with the same query). */
export const listTableDefaults: TableDefaults = { orderingFields: listOrderingFields };
export const listPageQuery = ({ page, pageSize, ordering }: TableParams): ListQuery => ({
  page,
  page_size: pageSize,
  ...(ordering ? { ordering } : {}),
});

/**
 * Query keys and options of lists (DESIGN §3.1): never hand-write a key elsewhere. The
 * mutation hooks live in mutations.ts, so the lists table (the first screen) does not load
 * the mutation machinery with the keys.
 */
export const listQueries = {
  all: () => ['lists'] as const,
  pages: () => [...listQueries.all(), 'page'] as const,
  page: (query: ListQuery) =>
    queryOptions({
      queryKey: [...listQueries.pages(), query] as const,
      queryFn: ({ signal }) => getLists(query, signal),
      placeholderData: keepPreviousData,
    }),
  details: () => [...listQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...listQueries.details(), id] as const,
      queryFn: ({ signal }) => getList(id, signal),
    }),
};
