import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '../../components/use-can';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '../../components/link';
import { PageHeader } from '../../components/page-header';
import { MailingsTable } from '../../features/mailings/components/mailings-table';
import { prefetch } from '../query-client';
import { listQueries } from '../../api/shared-queries';

export const loader = () => prefetch(listQueries.everyList());

export function Component() {
  const { t } = useLingui();
  const canCreate = useCan('mailings:manage');
  return (
    <>
      <PageHeader
        title={t`Mailings`}
        description={t`Mailings of every list, with their language variants and deliveries.`}
        actions={
          canCreate && (
            <Button component={Link} to="/mailings/new" leftSection={<IconPlus size={16} />}>
              <Trans>New mailing</Trans>
            </Button>
          )
        }
      />
      <MailingsTable />
    </>
  );
}
