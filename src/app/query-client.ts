import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../api/client';
import { session } from '../api/session';

/** Retry what may heal by itself (no answer, 5xx); a 4xx will answer the same again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof NetworkError) return failureCount < 2;
  if (error instanceof ApiError) return error.status >= 500 && failureCount < 1;
  return false;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      // Live screens (import progress, deliveries) poll only while the tab is visible: a
      // hidden tab costs the server nothing (TanStack Query's default, stated on purpose).
      refetchIntervalInBackground: false,
    },
    mutations: { retry: false },
  },
});

// Signing out (by hand or because a request got 401) drops every cached answer: the next
// user of this tab must not see the previous one's data.
session.subscribe(() => {
  if (session.get().status === 'signed-out') queryClient.clear();
});

/**
 * What route loaders call: start fetching while the route's code loads, without blocking
 * the navigation (the screen shows skeletons and owns the error display).
 */
export function prefetch<TFnData, TError, TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TFnData, TError, TData, TKey>,
): null {
  if (session.get().status === 'signed-in') void queryClient.prefetchQuery(options);
  return null;
}
