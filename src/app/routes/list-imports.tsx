import { Anchor, Button, Group, Text } from '@mantine/core';
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
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              <Anchor component={Link} to="/lists">
                Lists
              </Anchor>{' '}
              /{' '}
              <Anchor component={Link} to={`/lists/${listId}`}>
                {list.data?.name ?? `List ${listId}`}
              </Anchor>{' '}
              /
            </Text>
          </Group>
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
