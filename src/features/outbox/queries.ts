import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getOutbox, getOutboxMessage, type OutboxQuery } from '../../api/outbox';

/** Query keys and options of the outbox (docs/architecture.md §3.1): never hand-write a key elsewhere. */
export const outboxQueries = {
  all: () => ['outbox'] as const,
  /** `{supported: false}` where the server keeps no outbox. New messages arrive: no cache. */
  page: (query: OutboxQuery) =>
    queryOptions({
      queryKey: [...outboxQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => getOutbox(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  message: (id: number) =>
    queryOptions({
      queryKey: [...outboxQueries.all(), 'message', id] as const,
      queryFn: ({ signal }) => getOutboxMessage(id, signal),
      staleTime: Infinity,
    }),
};

export const outboxPageQuery = ({
  page,
  pageSize,
  search,
}: {
  page: number;
  pageSize: number;
  search: string;
}): OutboxQuery => ({ page, page_size: pageSize, ...(search ? { search } : {}) });
