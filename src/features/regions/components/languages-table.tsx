import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Code, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../api/languages';
import { DataTable, type Column } from '../../../components/data-table';
import { referenceQueries } from '../../../api/shared-queries';
import { SearchInput } from '../../../components/search-input';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';

const columns: Column<Language>[] = [
  { key: 'code', header: msg`Code`, width: 120, render: (l) => <Code>{l.code}</Code> },
  { key: 'name', header: msg`Name`, render: (l) => l.name },
];

/** ISO-639-1 languages; `search` is our extension (ignored elsewhere, which lists all). */
export function LanguagesTable() {
  const { t } = useLingui();
  const table = useTableParams({ orderingFields: [] });
  const { ordering: _ordering, ...query } = table.query;
  const { data, isPending, error, refetch } = useQuery(referenceQueries.languagePage(query));
  return (
    <Stack>
      <SearchInput
        label={t`Search languages`}
        placeholder={t`Name or code`}
        value={table.search}
        onSearch={(search) => table.update({ search })}
      />
      <DataTable
        label={t`Languages`}
        columns={columns}
        rowKey={(l) => l.code}
        table={table}
        data={data}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={<EmptyState title={t`No language matches`} />}
      />
    </Stack>
  );
}
