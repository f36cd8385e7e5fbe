import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { data, Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ImportOutcome } from '../../features/imports/components/import-outcome';
import { listQueries } from '../../api/shared-queries';
import { useListId } from './list-id';

function useImportId(): number {
  const { importId } = useParams();
  if (!/^\d+$/.test(importId ?? '') || !Number.isSafeInteger(Number(importId)))
    throw data('Not found', { status: 404 });
  return Number(importId);
}

export function Component() {
  const listId = useListId();
  const importId = useImportId();
  const list = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title={`Import #${importId}`}
        above={
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to="/lists">
              Lists
            </Anchor>{' '}
            /{' '}
            <Anchor component={Link} to={`/lists/${listId}`}>
              {list.data?.name ?? `List ${listId}`}
            </Anchor>{' '}
            /{' '}
            <Anchor component={Link} to={`/lists/${listId}/imports`}>
              Past imports
            </Anchor>{' '}
            /
          </Text>
        }
      />
      <ImportOutcome listId={listId} importId={importId} />
    </>
  );
}
