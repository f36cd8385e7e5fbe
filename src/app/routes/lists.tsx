import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ListsTable } from '../../features/lists/components/lists-table';

export function Component() {
  return (
    <>
      <PageHeader
        title="Lists"
        description="Subscriber lists and the defaults of their mailings."
        actions={
          <Button component={Link} to="/lists/new" leftSection={<IconPlus size={16} />}>
            New list
          </Button>
        }
      />
      <ListsTable />
    </>
  );
}
