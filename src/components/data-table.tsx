import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Skeleton } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { isApiError } from '../api/errors';
import { PlainTable } from './plain-table';
import { SortButton } from './sort-button';
import { EmptyState, ErrorState } from './states';
import { cycleOrdering, sortDirection } from './table-params';
import { TableFooter } from './table-footer';
import type { TableState } from './use-table-params';

export type Column<T> = {
  key: string;
  /** A message (`msg`) for module-level column tables: shown in the active locale. */
  header: string | MessageDescriptor;
  /** The API's ordering field; the header becomes a sort button when set. */
  sortField?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
};

export type DataTableProps<T> = {
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  table: TableState;
  data: { count: number; results: T[] } | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  empty?: ReactNode;
};

/** A server-paginated, server-ordered table whose page, size and ordering live in the URL. */
export function DataTable<T>({
  label,
  columns,
  rowKey,
  table,
  data,
  isPending,
  error,
  onRetry,
  empty,
}: DataTableProps<T>) {
  const { t, i18n } = useLingui();
  const headerOf = (c: Column<T>) => (typeof c.header === 'string' ? c.header : i18n._(c.header));
  const { page, pageSize, ordering, update } = table;
  // DRF answers 404 "Invalid page." past the last page (e.g. after deleting the last item).
  const pastTheEnd = page > 1 && isApiError(error, 404);
  useEffect(() => {
    if (pastTheEnd) update({ page: 1 });
  }, [pastTheEnd, update]);

  if (error && !pastTheEnd && !data) return <ErrorState error={error} onRetry={onRetry} />;

  return (
    <div>
      <PlainTable minWidth={640} aria-label={label} aria-busy={isPending}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                style={c.width ? { width: c.width } : undefined}
                aria-sort={c.sortField ? sortDirection(ordering, c.sortField) : undefined}
              >
                {c.sortField ? (
                  <SortButton
                    label={headerOf(c)}
                    direction={sortDirection(ordering, c.sortField)}
                    onClick={() => update({ ordering: cycleOrdering(ordering, c.sortField!) })}
                  />
                ) : (
                  headerOf(c)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isPending && !data
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.key}>
                      <Skeleton height={16} />
                    </td>
                  ))}
                </tr>
              ))
            : data?.results.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.key}>{c.render(row)}</td>
                  ))}
                </tr>
              ))}
        </tbody>
      </PlainTable>
      {data && data.count === 0 && (empty ?? <EmptyState title={t`Nothing here yet`} />)}
      {error && data ? (
        <ErrorState error={error} onRetry={onRetry} title={t`Showing older data`} />
      ) : null}
      {data && data.count > 0 && (
        <TableFooter
          count={data.count}
          page={page}
          pageSize={pageSize}
          onPage={(p) => update({ page: p })}
          onPageSize={(size) => update({ pageSize: size })}
        />
      )}
    </div>
  );
}
