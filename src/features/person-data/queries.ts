import { useMutation, useQueryClient } from '@tanstack/react-query';
import { erasePerson } from '../../api/people';

/**
 * Erasing a person changes lists' counts, their subscriber tables, the people search and
 * statistics' per-person views: every cached query is stale.
 */
export function useErasePerson(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => erasePerson(email, { reason }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
