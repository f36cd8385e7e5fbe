import { Alert, Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OutboxItem } from '../../../api/outbox';
import { DataTable, type Column } from '../../../components/data-table';
import { SearchInput } from '../../../components/search-input';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { outboxPageQuery, outboxQueries } from '../queries';

const columns: Column<OutboxItem>[] = [
  {
    key: 'subject',
    header: 'Subject',
    render: (m) => (
      <Anchor component={Link} to={`/outbox/${m.id}`} fw={500}>
        {m.subject || '(no subject)'}
      </Anchor>
    ),
  },
  { key: 'to', header: 'To', render: (m) => m.to },
  {
    key: 'mailing',
    header: 'Mailing',
    render: (m) =>
      m.kind === 'system' ? (
        // Mailboard's own mail to a user (an invitation, a reset): shown to user admins only.
        <Badge variant="light" color="gray">
          Mailboard
        </Badge>
      ) : m.mailing === null ? (
        '—'
      ) : (
        <Anchor component={Link} to={`/mailings/${m.mailing}`}>
          Mailing {m.mailing}
          {m.delivery === null ? ' (test)' : ''}
        </Anchor>
      ),
  },
  {
    key: 'created',
    header: 'Created',
    render: (m) => <Text size="sm">{new Date(m.create_datetime).toLocaleString()}</Text>,
  },
];

/** The messages the server kept instead of sending them, newest first; search in the URL. */
export function OutboxTable() {
  const table = useTableParams();
  const { data, isPending, error, refetch } = useQuery(outboxQueries.page(outboxPageQuery(table)));
  if (data && !data.supported) {
    return (
      <Alert color="blue" title="No outbox on this server" role="status">
        This server sends mail through an SMTP server, so it keeps no copies to show here.
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <SearchInput
        label="Search messages"
        placeholder="Recipient or subject"
        value={table.search}
        onSearch={(search) => table.update({ search })}
      />
      <DataTable
        label="Outbox"
        columns={columns}
        rowKey={(m) => m.id}
        table={table}
        data={data?.supported ? data.data : undefined}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <EmptyState title={table.search ? 'No message matches' : 'No messages yet'}>
            {table.search
              ? 'Try another search.'
              : 'Messages appear here when a delivery goes out or a test is sent.'}
          </EmptyState>
        }
      />
    </Stack>
  );
}
