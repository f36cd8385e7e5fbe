import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldDefinition } from '../../../contract/form-fields';
import { getFields } from '../../api/fields';
import { createForm, deleteForm, getForms, updateForm, type FormWrite } from '../../api/forms';

/**
 * The custom field definitions a form's fields are read from, in the server's precedence
 * order (contract/form-fields.ts): the offered lists' own by list id, then the shared ones.
 */
async function fieldDefinitions(lists: readonly number[], signal: AbortSignal) {
  const scopes = [...lists, null];
  const pages = await Promise.all(
    scopes.map((listId) => getFields(listId, { page_size: 1000 }, signal)),
  );
  return pages.flatMap((page): FieldDefinition[] => (page.supported ? page.data.results : []));
}

/** Query keys and options of sign-up forms (docs/architecture.md §3.1). */
export const formQueries = {
  all: () => ['forms'] as const,
  /** Every form the user may see; a list's screen keeps those offering it. */
  list: () =>
    queryOptions({
      queryKey: [...formQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getForms(signal),
    }),
  /** What the snippet of a form offering these lists writes its inputs from. */
  fieldDefinitions: (lists: readonly number[]) => {
    // By list id: the key is the same for the same lists, and the server's precedence order.
    const sorted = [...lists].sort((a, b) => a - b);
    return queryOptions({
      queryKey: [...formQueries.all(), 'field-definitions', sorted] as const,
      queryFn: ({ signal }) => fieldDefinitions(sorted, signal),
    });
  },
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
