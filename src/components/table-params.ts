import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/pagination';

/**
 * URL state of a server-paginated table (docs/architecture.md §3.5): `page`, `page_size`, `ordering`
 * (DRF style, `-name` for descending) and `search` live in the query string, so a view can
 * be shared and survives a reload. Pure functions here; the hook is use-table-params.ts.
 */
export type TableParams = {
  page: number;
  pageSize: number;
  ordering: string | undefined;
  search: string;
};

export type TableDefaults = {
  pageSize?: number;
  ordering?: string;
  /** Orderable fields; anything else in the URL is ignored rather than sent to the server. */
  orderingFields?: readonly string[];
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const positiveInt = (raw: string | null): number | undefined =>
  raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

export function readTableParams(
  params: URLSearchParams,
  defaults: TableDefaults = {},
): TableParams {
  const rawOrdering = params.get('ordering') ?? undefined;
  const field = rawOrdering?.replace(/^-/, '');
  const orderingOk =
    rawOrdering !== undefined &&
    field !== '' &&
    (!defaults.orderingFields || defaults.orderingFields.includes(field!));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: Math.min(
      MAX_PAGE_SIZE,
      positiveInt(params.get('page_size')) ?? defaults.pageSize ?? DEFAULT_PAGE_SIZE,
    ),
    ordering: orderingOk ? rawOrdering : defaults.ordering,
    search: params.get('search') ?? '',
  };
}

/**
 * The query string after a change. Changing what is shown (ordering, search, page size)
 * goes back to page 1; defaults are left out so URLs stay short.
 */
export function writeTableParams(
  params: URLSearchParams,
  change: Partial<TableParams>,
  defaults: TableDefaults = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  if ('ordering' in change) set('ordering', change.ordering, defaults.ordering);
  if ('search' in change) set('search', change.search?.trim());
  if ('pageSize' in change)
    set('page_size', change.pageSize, defaults.pageSize ?? DEFAULT_PAGE_SIZE);
  const resetsPage = 'ordering' in change || 'search' in change || 'pageSize' in change;
  if ('page' in change) set('page', change.page, 1);
  else if (resetsPage) next.delete('page');
  return next;
}

/** The next ordering when a column header is clicked: ascending → descending → default. */
export function cycleOrdering(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

export function sortDirection(
  ordering: string | undefined,
  field: string,
): 'ascending' | 'descending' | 'none' {
  if (ordering === field) return 'ascending';
  if (ordering === `-${field}`) return 'descending';
  return 'none';
}

/**
 * The page buttons to show, as Mantine's Pagination shows them (one sibling on each side of
 * the current page, the first and last page, "dots" for the gaps): 1 … 4 5 6 … 10.
 */
export function pageRange(total: number, current: number): (number | 'dots')[] {
  const span = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= 7) return span(1, total);
  const page = Math.min(Math.max(current, 1), total);
  if (page <= 4) return [...span(1, 5), 'dots', total];
  if (page >= total - 3) return [1, 'dots', ...span(total - 4, total)];
  return [1, 'dots', page - 1, page, page + 1, 'dots', total];
}
