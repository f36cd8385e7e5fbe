import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAuditPage, type AuditQuery } from '../../api/audit';

/** Query keys of the audit log (docs/architecture.md §3.1). */
export const auditQueries = {
  all: () => ['audit'] as const,
  page: (query: AuditQuery) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => getAuditPage(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};

const day = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The screen's address → the API's query. Days are whole UTC days: `from` at 00:00, `to`
 * through 23:59:59.999.
 */
export function auditQueryOf(params: URLSearchParams): AuditQuery {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const user = Number(params.get('user'));
  const from = text('from');
  const to = text('to');
  return {
    ...(Number.isInteger(user) && user > 0 ? { user } : {}),
    ...(text('resource_type') ? { resource_type: text('resource_type') } : {}),
    ...(text('action') ? { action: text('action') } : {}),
    ...(from && day.test(from) ? { since: `${from}T00:00:00.000Z` } : {}),
    ...(to && day.test(to) ? { until: `${to}T23:59:59.999Z` } : {}),
    ...(text('cursor') ? { cursor: text('cursor') } : {}),
  };
}
