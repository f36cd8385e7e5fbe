import { Breadcrumbs } from '../../components/breadcrumbs';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ImportHistory } from '../../features/imports/components/import-history';
import { listQueries } from '../../api/shared-queries';
import { useListId } from './list-id';

export function Component() {
  const listId = useListId();
  const list = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title="Past imports"
        description={list.data ? `CSV imports into ${list.data.name}, newest first.` : undefined}
        above={
          <Breadcrumbs
            items={[
              { label: 'Lists', to: '/lists' },
              { label: list.data?.name ?? `List id ${listId}`, to: `/lists/${listId}` },
            ]}
          />
        }
        actions={
          <Button
            component={Link}
            to={`/import?list=${listId}`}
            leftSection={<IconFileImport size={16} />}
          >
            Import a file
          </Button>
        }
      />
      <ImportHistory listId={listId} />
    </>
  );
}
