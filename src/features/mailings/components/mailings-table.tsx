import { Anchor, Button, Select, Stack, Text } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { mailingOrderingFields } from '../../../../contract/mailings';
import type { MailingSummary } from '../../../api/mailings';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { mailingQueries } from '../queries';
import { listQueries } from '../../../api/shared-queries';
import { useAudienceNames } from '../use-audience-names';

const columns = (i18n: I18n): Column<MailingSummary>[] => [
  { key: 'id', header: i18n._(msg`Id`), sortField: 'id', width: 90, render: (m) => m.id },
  {
    key: 'name',
    header: i18n._(msg`Name`),
    sortField: 'name',
    render: (m) => (
      // The summary rides along: a server without the single-mailing endpoint shows it there.
      <Anchor component={Link} to={`/mailings/${m.id}`} state={{ summary: m }} fw={500}>
        {m.name}
      </Anchor>
    ),
  },
  {
    key: 'campaign',
    header: i18n._(msg`Campaign`),
    sortField: 'campaign',
    render: (m) => <CampaignName id={m.campaign} />,
  },
];

/** `?list=<id>` filters by list; page, size and ordering live in the URL too. */
export function useListFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('list');
  const list = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const setList = (id: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('list');
      else next.set('list', String(id));
      next.delete('page');
      return next;
    });
  return { list, setList };
}

export function MailingsTable() {
  const { t, i18n } = useLingui();
  const table = useTableParams({ orderingFields: mailingOrderingFields });
  const { list, setList } = useListFilter();
  const lists = useQuery(listQueries.everyList());
  const { search: _search, ...pageQuery } = table.query;
  const query = { ...pageQuery, ...(list === undefined ? {} : { list }) };
  const { data, isPending, error, refetch } = useQuery(mailingQueries.page(query));
  return (
    <Stack gap="sm">
      <Select
        label={t`List`}
        placeholder={t`All lists`}
        clearable
        searchable
        w={320}
        data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        value={list === undefined ? null : String(list)}
        onChange={(value) => setList(value ? Number(value) : undefined)}
        nothingFoundMessage={t`No list matches`}
      />
      <DataTable
        label={t`Mailings`}
        columns={columns(i18n)}
        rowKey={(m) => m.id}
        table={table}
        data={data}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <EmptyState
            title={list === undefined ? t`No mailings yet` : t`No mailings for this list`}
          >
            <Button
              component={Link}
              to="/mailings/new"
              variant="light"
              leftSection={<IconPlus size={16} />}
              mt="xs"
            >
              <Trans>Compose a mailing</Trans>
            </Button>
          </EmptyState>
        }
      />
    </Stack>
  );
}

function CampaignName({ id }: { id: number | null }) {
  const { campaignName } = useAudienceNames(undefined);
  return (
    campaignName(id) ?? (
      <Text span c="dimmed">
        <Trans>none</Trans>
      </Text>
    )
  );
}
