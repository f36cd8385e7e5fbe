import { formatDate } from '../../../lib/format';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import type { List } from '../../../api/lists';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { listQueries } from '../../../api/shared-queries';
import { listPageQuery, listTableDefaults } from '../queries';
import { SubscriberCountsCell } from './subscriber-counts';

const baseColumns = (i18n: I18n): Column<List>[] => [
  {
    key: 'name',
    header: i18n._(msg`Name`),
    sortField: 'name',
    render: (l) => (
      <Anchor component={Link} to={`/lists/${l.id}`} fw={500}>
        {l.name}
      </Anchor>
    ),
  },
  {
    key: 'languages',
    header: i18n._(msg`Languages`),
    render: (l) => (
      <Group gap={4}>
        {l.languages.map((code) => (
          <Badge
            key={code}
            variant={code === l.default_language ? 'filled' : 'light'}
            size="sm"
            tt="none"
          >
            {code}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'sender',
    header: i18n._(msg`Default sender`),
    render: (l) => (
      <div>
        <Text size="sm">{l.default_from_name}</Text>
        <Text size="xs" c="dimmed">
          {l.default_from_email}
        </Text>
      </div>
    ),
  },
];

const countsColumn = (i18n: I18n): Column<List> => ({
  key: 'counts',
  header: i18n._(msg`Subscribers`),
  render: (l) =>
    l.subscriber_counts ? <SubscriberCountsCell counts={l.subscriber_counts} /> : '—',
});

const updatedColumn = (i18n: I18n): Column<List> => ({
  key: 'updated',
  header: i18n._(msg`Updated`),
  sortField: 'update_datetime',
  render: (l) => <Text size="sm">{formatDate(l.update_datetime)}</Text>,
});

export function ListsTable() {
  const { t, i18n } = useLingui();
  const table = useTableParams(listTableDefaults);
  const { data, isPending, error, refetch } = useQuery(listQueries.page(listPageQuery(table)));
  // `subscriber_counts` is our extension: another deployment has no such column.
  const hasCounts = data?.results.some((l) => l.subscriber_counts) ?? false;
  const columns = [
    ...baseColumns(i18n),
    ...(hasCounts ? [countsColumn(i18n)] : []),
    updatedColumn(i18n),
  ];
  return (
    <DataTable
      label={t`Lists`}
      columns={columns}
      rowKey={(l) => l.id}
      table={table}
      data={data}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      empty={
        <EmptyState title={t`No lists yet`}>
          <Button
            component={Link}
            to="/lists/new"
            variant="light"
            leftSection={<IconPlus size={16} />}
            mt="xs"
          >
            <Trans>Create the first list</Trans>
          </Button>
        </EmptyState>
      }
    />
  );
}
