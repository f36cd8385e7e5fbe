import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addSuppression,
  deleteSuppression,
  getSuppressions,
  importSuppressions,
  type SuppressionQuery,
  type SuppressionWrite,
} from '../../api/suppressions';

/** Query keys and options of the suppression list (docs/architecture.md §3.1). */
export const suppressionQueries = {
  all: () => ['suppressions'] as const,
  page: (query: SuppressionQuery) =>
    queryOptions({
      queryKey: [...suppressionQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => getSuppressions(query, signal),
      placeholderData: keepPreviousData,
    }),
};

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: suppressionQueries.all() }),
  });
}

export const useAddSuppression = () =>
  useInvalidating((body: SuppressionWrite) => addSuppression(body));
export const useDeleteSuppression = () => useInvalidating((id: number) => deleteSuppression(id));
export const useImportSuppressions = () =>
  useInvalidating((file: File) => importSuppressions(file));
