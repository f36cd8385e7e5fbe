import { formatDate } from '../../../lib/format';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { List } from '../../../api/lists';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { listQueries } from '../../../api/shared-queries';
import { listPageQuery, listTableDefaults } from '../queries';
import { SubscriberCountsCell } from './subscriber-counts';

const baseColumns: Column<List>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (l) => (
      <Anchor component={Link} to={`/lists/${l.id}`} fw={500}>
        {l.name}
      </Anchor>
    ),
  },
  {
    key: 'languages',
    header: 'Languages',
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
    header: 'Default sender',
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

const countsColumn: Column<List> = {
  key: 'counts',
  header: 'Subscribers',
  render: (l) =>
    l.subscriber_counts ? <SubscriberCountsCell counts={l.subscriber_counts} /> : '—',
};

const updatedColumn: Column<List> = {
  key: 'updated',
  header: 'Updated',
  sortField: 'update_datetime',
  render: (l) => <Text size="sm">{formatDate(l.update_datetime)}</Text>,
};

export function ListsTable() {
  const table = useTableParams(listTableDefaults);
  const { data, isPending, error, refetch } = useQuery(listQueries.page(listPageQuery(table)));
  // `subscriber_counts` is our extension: another deployment has no such column.
  const hasCounts = data?.results.some((l) => l.subscriber_counts) ?? false;
  const columns = [...baseColumns, ...(hasCounts ? [countsColumn] : []), updatedColumn];
  return (
    <DataTable
      label="Lists"
      columns={columns}
      rowKey={(l) => l.id}
      table={table}
      data={data}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      empty={
        <EmptyState title="No lists yet">
          <Button
            component={Link}
            to="/lists/new"
            variant="light"
            leftSection={<IconPlus size={16} />}
            mt="xs"
          >
            Create the first list
          </Button>
        </EmptyState>
      }
    />
  );
}
