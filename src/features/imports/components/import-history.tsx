import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ImportRecord } from '../../../../contract/imports';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { formatCount } from '../../../lib/format';
import { importQueries } from '../queries';
import { ImportStatusBadge } from './import-status-badge';

const count = (n: number | null | undefined) =>
  n === undefined || n === null ? '—' : formatCount(n);

const columns = (listId: number): Column<ImportRecord>[] => [
  {
    key: 'file',
    header: 'File',
    render: (r) => (
      <Anchor component={Link} to={`/lists/${listId}/imports/${r.id}`} fw={500}>
        {r.file}
      </Anchor>
    ),
  },
  {
    key: 'started',
    header: 'Started',
    render: (r) => (
      <Text size="sm">
        {r.create_datetime ? new Date(r.create_datetime).toLocaleString() : '—'}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'State',
    render: (r) => (r.status ? <ImportStatusBadge status={r.status} /> : '—'),
  },
  { key: 'total', header: 'Rows', render: (r) => count(r.total_rows) },
  { key: 'created', header: 'Created', render: (r) => count(r.created) },
  { key: 'existing', header: 'Already in list', render: (r) => count(r.skipped_existing) },
  { key: 'duplicate', header: 'Repeated', render: (r) => count(r.skipped_duplicate) },
  { key: 'invalid', header: 'Invalid', render: (r) => count(r.invalid) },
];

/** The list's past imports, newest first, where the server reports them (our extension). */
export function ImportHistory({ listId }: { listId: number }) {
  const table = useTableParams();
  const query = useQuery(
    importQueries.history(listId, { page: table.page, page_size: table.pageSize }),
  );
  if (query.data && !query.data.supported)
    return (
      <Alert color="gray" title="No history">
        This server does not report past imports.
      </Alert>
    );
  const page = query.data?.supported ? query.data.data : undefined;
  return (
    <DataTable
      label="Past imports"
      columns={columns(listId)}
      rowKey={(r) => r.id}
      table={table}
      data={page}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={
        <EmptyState title="No imports yet">
          <Anchor component={Link} to={`/import?list=${listId}`}>
            Import a CSV file
          </Anchor>
        </EmptyState>
      }
    />
  );
}
