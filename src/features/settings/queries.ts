import { queryOptions } from '@tanstack/react-query';
import { getDomainChecks, getSendingSettings } from '../../api/settings';

/** Query keys and options of the settings screens (docs/architecture.md §3.1). */
export const settingsQueries = {
  all: () => ['settings'] as const,
  /** The configuration changes only with a restart: fetched once per visit. */
  sending: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'sending'] as const,
      queryFn: ({ signal }) => getSendingSettings(signal),
      staleTime: 60_000,
    }),
  /** DNS as it answers now: asked again on each visit. */
  domains: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'sending', 'domains'] as const,
      queryFn: ({ signal }) => getDomainChecks(signal),
      staleTime: 0,
    }),
};
