import { queryOptions } from '@tanstack/react-query';
import { extension, request } from '../../api/client';

/**
 * Whether the server has the suppression list (our extension): the navigation asks, as for
 * the outbox, with one item fetched and not looked at (no response schema, no zod).
 */
export const suppressionsAvailability = () =>
  queryOptions({
    queryKey: ['suppressions', 'available'] as const,
    queryFn: async ({ signal }) =>
      (
        await extension('suppressions', () =>
          request('/suppressions', { query: { page_size: 1 }, signal }),
        )
      ).supported,
    staleTime: Infinity,
  });
