import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createForm, deleteForm, getForms, updateForm, type FormWrite } from '../../api/forms';

/** Query keys and options of sign-up forms (docs/architecture.md §3.1). */
export const formQueries = {
  all: () => ['forms'] as const,
  /** Every form the user may see; a list's screen keeps those offering it. */
  list: () =>
    queryOptions({
      queryKey: [...formQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getForms(signal),
    }),
};

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: formQueries.all() }),
  });
}

export const useCreateForm = () => useInvalidating((body: FormWrite) => createForm(body));
export const useUpdateForm = () =>
  useInvalidating(({ id, body }: { id: number; body: Partial<FormWrite> }) => updateForm(id, body));
export const useDeleteForm = () => useInvalidating((id: number) => deleteForm(id));
