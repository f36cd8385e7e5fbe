import type { LoaderFunctionArgs } from 'react-router';
import { ListDetails } from '../../features/lists/components/list-details';
import { FormsButton } from '../../features/forms/components/forms-button';
import { listQueries } from '../../api/shared-queries';
import { prefetch } from '../query-client';
import { listIdFrom, useListId } from './list-id';

export function loader({ params }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  return id === undefined ? null : prefetch(listQueries.detail(id));
}

export function Component() {
  const listId = useListId();
  return <ListDetails listId={listId} actions={<FormsButton listId={listId} />} />;
}
