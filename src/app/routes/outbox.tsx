import { useLingui } from '@lingui/react/macro';
import { type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { readTableParams } from '../../components/table-params';
import { OutboxTable } from '../../features/outbox/components/outbox-table';
import { outboxPageQuery, outboxQueries } from '../../features/outbox/queries';
import { prefetch } from '../query-client';

export const loader = ({ request }: LoaderFunctionArgs) =>
  prefetch(outboxQueries.page(outboxPageQuery(readTableParams(new URL(request.url).searchParams))));

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Outbox`}
        description={t`Messages this server keeps instead of sending them (no SMTP server configured).`}
      />
      <OutboxTable />
    </>
  );
}
