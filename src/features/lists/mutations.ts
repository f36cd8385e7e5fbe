import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createList, deleteList, replaceList, type ListWrite } from '../../api/lists';
import { listQueries } from '../../api/shared-queries';

/** Mutation hooks of lists; they invalidate what they change (docs/architecture.md §3.2). */
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
