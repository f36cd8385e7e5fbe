import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createList,
  deleteList,
  getList,
  getLists,
  replaceList,
  type ListQuery,
  type ListWrite,
} from '../../api/lists';
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

/** Query keys and options of lists (DESIGN §3.1): never hand-write a key elsewhere. */
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

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ListWrite) => createList(data),
    onSuccess: (list) => {
      queryClient.setQueryData(listQueries.detail(list.id).queryKey, list);
      return queryClient.invalidateQueries({ queryKey: listQueries.pages() });
    },
  });
}

/** PUT with every writable field (the edit form always has them all). */
export function useUpdateList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ListWrite) => replaceList(id, data),
    onSuccess: (list) => {
      queryClient.setQueryData(listQueries.detail(id).queryKey, list);
      return queryClient.invalidateQueries({ queryKey: listQueries.pages() });
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteList(id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: listQueries.detail(id).queryKey });
      // The list's subscribers, mailings and statistics went with it: every cached
      // answer of any feature may be stale now.
      return queryClient.invalidateQueries();
    },
  });
}
