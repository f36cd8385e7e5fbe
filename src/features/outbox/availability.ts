import { queryOptions } from '@tanstack/react-query';
import { extension, request } from '../../api/client';

/**
 * Whether the server keeps an outbox (our extension; none when it sends by SMTP_URL, or is
 * another deployment). The navigation asks, so this stays free of the response schemas
 * (and of zod, which the shell does not load): one item is fetched and not looked at.
 */
export const outboxAvailability = () =>
  queryOptions({
    queryKey: ['outbox', 'available'] as const,
    queryFn: async ({ signal }) =>
      (await extension('outbox', () => request('/outbox', { query: { page_size: 1 }, signal })))
        .supported,
    staleTime: Infinity,
  });
