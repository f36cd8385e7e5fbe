import type { LoaderFunctionArgs } from 'react-router';
import { listQueries } from '../../api/shared-queries';
import { SubscriberPage } from '../../features/subscribers/components/subscriber-page';
import { subscriberQueries } from '../../features/subscribers/queries';
import { prefetch } from '../query-client';
import { listIdFrom } from './list-id';
import { subscriberIdFrom, useSubscriberId, WithSubscribersList } from './with-subscribers-list';

export function loader({ params }: LoaderFunctionArgs) {
  const listId = listIdFrom(params);
  const id = subscriberIdFrom(params);
  if (listId === undefined || id === undefined) return null;
  prefetch(listQueries.detail(listId));
  prefetch(subscriberQueries.fields(listId));
  return prefetch(subscriberQueries.detail(listId, id));
}

export function Component() {
  const id = useSubscriberId();
  return (
    <WithSubscribersList>
      <SubscriberPage key={id} subscriberId={id} />
    </WithSubscribersList>
  );
}
