import { Anchor, Code, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Region } from '../../../api/regions';
import { DataTable, type Column } from '../../../components/data-table';
import { referenceQueries } from '../../../api/shared-queries';
import { SearchInput } from '../../../components/search-input';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';

const columns: Column<Region>[] = [
  { key: 'code', header: 'Code', width: 120, render: (r) => <Code>{r.code}</Code> },
  {
    key: 'name',
    header: 'Name',
    render: (r) => (
      <Anchor component={Link} to={`/regions/${encodeURIComponent(r.code)}`}>
        {r.name}
      </Anchor>
    ),
  },
];

/** Countries and subdivisions; the search (name or country name) lives in the URL. */
export function RegionsTable() {
  const table = useTableParams({ orderingFields: [] });
  const { ordering: _ordering, ...query } = table.query;
  const { data, isPending, error, refetch } = useQuery(referenceQueries.regionPage(query));
  return (
    <Stack>
      <SearchInput
        label="Search regions"
        placeholder="Country or region name, e.g. Bavaria"
        value={table.search}
        onSearch={(search) => table.update({ search })}
      />
      <DataTable
        label="Regions"
        columns={columns}
        rowKey={(r) => r.code}
        table={table}
        data={data}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <EmptyState title="No region matches">
            Try another spelling or the country’s name.
          </EmptyState>
        }
      />
    </Stack>
  );
}
