import type { LoaderFunctionArgs } from 'react-router';
import { ListDetails } from '../../features/lists/components/list-details';
import { listQueries } from '../../api/shared-queries';
import { prefetch } from '../query-client';
import { listIdFrom, useListId } from './list-id';

export function loader({ params }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  return id === undefined ? null : prefetch(listQueries.detail(id));
}

export function Component() {
  return <ListDetails listId={useListId()} />;
}
