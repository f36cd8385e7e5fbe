import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import type { ImportRecord } from '../../../../contract/imports';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { formatCount, formatDateTime } from '../../../lib/format';
import { importQueries } from '../queries';
import { ImportStatusBadge } from './import-status-badge';

const count = (n: number | null | undefined) =>
  n === undefined || n === null ? '—' : formatCount(n);

const columns = (listId: number, t: (m: MessageDescriptor) => string): Column<ImportRecord>[] => [
  {
    key: 'file',
    header: t(msg`File`),
    render: (r) => (
      <Anchor component={Link} to={`/lists/${listId}/imports/${r.id}`} fw={500}>
        {r.file}
      </Anchor>
    ),
  },
  {
    key: 'started',
    header: t(msg`Started`),
    render: (r) => (
      <Text size="sm">{r.create_datetime ? formatDateTime(r.create_datetime) : '—'}</Text>
    ),
  },
  {
    key: 'status',
    header: t(msg`State`),
    render: (r) => (r.status ? <ImportStatusBadge status={r.status} /> : '—'),
  },
  { key: 'total', header: t(msg`Rows`), render: (r) => count(r.total_rows) },
  { key: 'created', header: t(msg`Created`), render: (r) => count(r.created) },
  {
    key: 'existing',
    header: t(msg`Already in list`),
    render: (r) => count(r.skipped_existing),
  },
  { key: 'duplicate', header: t(msg`Repeated`), render: (r) => count(r.skipped_duplicate) },
  { key: 'invalid', header: t(msg`Invalid`), render: (r) => count(r.invalid) },
];

/** The list's past imports, newest first, where the server reports them (our extension). */
export function ImportHistory({ listId }: { listId: number }) {
  const { t, i18n } = useLingui();
  const table = useTableParams();
  const query = useQuery(
    importQueries.history(listId, { page: table.page, page_size: table.pageSize }),
  );
  if (query.data && !query.data.supported)
    return (
      <Alert color="gray" title={t`No history`}>
        <Trans>This server does not report past imports.</Trans>
      </Alert>
    );
  const page = query.data?.supported ? query.data.data : undefined;
  return (
    <DataTable
      label={t`Past imports`}
      columns={columns(listId, (m) => i18n._(m))}
      rowKey={(r) => r.id}
      table={table}
      data={page}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={
        <EmptyState title={t`No imports yet`}>
          <Anchor component={Link} to={`/import?list=${listId}`}>
            <Trans>Import a CSV file</Trans>
          </Anchor>
        </EmptyState>
      }
    />
  );
}
