import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { MailingsTable } from '../../features/mailings/components/mailings-table';
import { mailingQueries } from '../../features/mailings/queries';
import { prefetch } from '../query-client';

export const loader = () => prefetch(mailingQueries.lists());

export function Component() {
  return (
    <>
      <PageHeader
        title="Mailings"
        description="Mailings of every list, with their language variants and deliveries."
        actions={
          <Button component={Link} to="/mailings/new" leftSection={<IconPlus size={16} />}>
            New mailing
          </Button>
        }
      />
      <MailingsTable />
    </>
  );
}
