import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Code, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import type { Region } from '../../../api/regions';
import { DataTable, type Column } from '../../../components/data-table';
import { referenceQueries } from '../../../api/shared-queries';
import { SearchInput } from '../../../components/search-input';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';

const columns: Column<Region>[] = [
  { key: 'code', header: msg`Code`, width: 120, render: (r) => <Code>{r.code}</Code> },
  {
    key: 'name',
    header: msg`Name`,
    render: (r) => (
      <Anchor component={Link} to={`/regions/${encodeURIComponent(r.code)}`}>
        {r.name}
      </Anchor>
    ),
  },
];

/** Countries and subdivisions; the search (name or country name) lives in the URL. */
export function RegionsTable() {
  const { t } = useLingui();
  const table = useTableParams({ orderingFields: [] });
  const { ordering: _ordering, ...query } = table.query;
  const { data, isPending, error, refetch } = useQuery(referenceQueries.regionPage(query));
  return (
    <Stack>
      <SearchInput
        label={t`Search regions`}
        placeholder={t`Country or region name, e.g. Bavaria`}
        value={table.search}
        onSearch={(search) => table.update({ search })}
      />
      <DataTable
        label={t`Regions`}
        columns={columns}
        rowKey={(r) => r.code}
        table={table}
        data={data}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <EmptyState title={t`No region matches`}>
            <Trans>Try another spelling or the country’s name.</Trans>
          </EmptyState>
        }
      />
    </Stack>
  );
}
