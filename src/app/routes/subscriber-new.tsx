import type { LoaderFunctionArgs } from 'react-router';
import { listQueries } from '../../api/shared-queries';
import { SubscriberCreate } from '../../features/subscribers/components/subscriber-create';
import { subscriberQueries } from '../../features/subscribers/queries';
import { prefetch } from '../query-client';
import { listIdFrom } from './list-id';
import { WithSubscribersList } from './with-subscribers-list';

export function loader({ params }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  if (id === undefined) return null;
  prefetch(listQueries.detail(id));
  return prefetch(subscriberQueries.fields(id));
}

export function Component() {
  return (
    <WithSubscribersList>
      <SubscriberCreate />
    </WithSubscribersList>
  );
}
