import { queryOptions } from '@tanstack/react-query';
import { searchSupported } from '../../../api/search-support';

/**
 * Whether the API searches people by part of a name: asked once per session. Apart from
 * subscriberQueries (../queries.ts, which reuses it) because the header asks it on every
 * screen: that module brings the subscribers' API with its zod schemas, which the first
 * screens do not need (issue 55, docs/decisions/bundle-budgets.md).
 */
export const searchSupportQuery = () =>
  queryOptions({
    queryKey: ['extensions', 'search'] as const,
    queryFn: ({ signal }) => searchSupported(signal),
    staleTime: Infinity,
  });
