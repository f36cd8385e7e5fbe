import type { LoaderFunctionArgs } from 'react-router';
import { listQueries } from '../../api/shared-queries';
import { SubscribersScreen } from '../../features/subscribers/components/subscribers-screen';
import { subscriberQueries } from '../../features/subscribers/queries';
import { pageQuery, readView } from '../../features/subscribers/view-params';
import { prefetch } from '../query-client';
import { listIdFrom } from './list-id';
import { WithSubscribersList } from './with-subscribers-list';

export function loader({ params, request }: LoaderFunctionArgs) {
  const id = listIdFrom(params);
  if (id === undefined) return null;
  prefetch(listQueries.detail(id));
  prefetch(subscriberQueries.fields(id));
  return prefetch(
    subscriberQueries.page(id, pageQuery(readView(new URL(request.url).searchParams))),
  );
}

export function Component() {
  return (
    <WithSubscribersList>
      <SubscribersScreen />
    </WithSubscribersList>
  );
}
