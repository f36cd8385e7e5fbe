import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ListEdit } from '../../features/lists/components/list-edit';
import { listQueries } from '../../api/shared-queries';
import { prefetch } from '../query-client';
import { listIdFrom, useListId } from './list-id';

export function loader({ params }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  return id === undefined ? null : prefetch(listQueries.detail(id));
}

export function Component() {
  const listId = useListId();
  const { data: list } = useQuery(listQueries.detail(listId));
  return (
    <>
      <PageHeader
        title={list ? `Edit “${list.name}”` : 'Edit list'}
        above={
          <Text size="sm">
            <Link to="/lists">Lists</Link> /{' '}
            <Link to={`/lists/${listId}`}>{list?.name ?? '…'}</Link> /
          </Text>
        }
      />
      <ListEdit listId={listId} />
    </>
  );
}
