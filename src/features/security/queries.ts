import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  confirmEnrolment,
  disableTwoFactor,
  endMySession,
  getMySessions,
  getTwoFactor,
  startEnrolment,
} from '../../api/security';

/** Query keys of the Security screen (docs/architecture.md §3.1). */
export const securityQueries = {
  all: () => ['security'] as const,
  twoFactor: () =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'two-factor'] as const,
      queryFn: ({ signal }) => getTwoFactor(signal),
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'sessions'] as const,
      queryFn: ({ signal }) => getMySessions(signal),
      staleTime: 0,
    }),
};

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}

export function useConfirmEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    // The server ended the user's other sessions too. Not awaited: the refetched status
    // (enrolled) replaces the confirm form, and a caller's onSuccess, which shows the
    // recovery codes, would never run once its form is gone.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: securityQueries.all() });
    },
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: securityQueries.all() }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endMySession,
    onSuccess: () => client.invalidateQueries({ queryKey: securityQueries.sessions().queryKey }),
  });
}
