import { msg } from '@lingui/core/macro';
import { formatDateTime } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import type { OutboxItem } from '../../../api/outbox';
import { DataTable, type Column } from '../../../components/data-table';
import { SearchInput } from '../../../components/search-input';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import { outboxPageQuery, outboxQueries } from '../queries';

const columns: Column<OutboxItem>[] = [
  {
    key: 'subject',
    header: msg`Subject`,
    render: (m) => (
      <Anchor component={Link} to={`/outbox/${m.id}`} fw={500}>
        {m.subject || <Trans>(no subject)</Trans>}
      </Anchor>
    ),
  },
  { key: 'to', header: msg`To`, render: (m) => m.to },
  {
    key: 'mailing',
    header: msg`Mailing`,
    render: (m) =>
      m.kind === 'system' ? (
        // Mailboard's own mail to a user (an invitation, a reset): shown to user admins only.
        <Badge variant="light" color="gray">
          <Trans>Mailboard</Trans>
        </Badge>
      ) : m.mailing === null ? (
        '—'
      ) : (
        <MailingLink mailing={m.mailing} test={m.delivery === null} />
      ),
  },
  {
    key: 'created',
    header: msg`Created`,
    render: (m) => <Text size="sm">{formatDateTime(m.create_datetime)}</Text>,
  },
];

function MailingLink({ mailing, test }: { mailing: number; test: boolean }) {
  return (
    <Anchor component={Link} to={`/mailings/${mailing}`}>
      {test ? <Trans>Mailing {mailing} (test)</Trans> : <Trans>Mailing {mailing}</Trans>}
    </Anchor>
  );
}

/** The messages the server kept instead of sending them, newest first; search in the URL. */
export function OutboxTable() {
  const { t } = useLingui();
  const table = useTableParams();
  const { data, isPending, error, refetch } = useQuery(outboxQueries.page(outboxPageQuery(table)));
  if (data && !data.supported) {
    return (
      <Alert color="blue" title={t`No outbox on this server`} role="status">
        <Trans>
          This server sends mail through an SMTP server, so it keeps no copies to show here.
        </Trans>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <SearchInput
        label={t`Search messages`}
        placeholder={t`Recipient or subject`}
        value={table.search}
        onSearch={(search) => table.update({ search })}
      />
      <DataTable
        label={t`Outbox`}
        columns={columns}
        rowKey={(m) => m.id}
        table={table}
        data={data?.supported ? data.data : undefined}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={
          <EmptyState title={table.search ? t`No message matches` : t`No messages yet`}>
            {table.search
              ? t`Try another search.`
              : t`Messages appear here when a delivery goes out or a test is sent.`}
          </EmptyState>
        }
      />
    </Stack>
  );
}
