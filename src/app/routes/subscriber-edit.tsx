import type { LoaderFunctionArgs } from 'react-router';
import { SubscriberEdit } from '../../features/subscribers/components/subscriber-edit';
import { loader as detailLoader } from './subscriber-detail';
import { useSubscriberId, WithSubscribersList } from './with-subscribers-list';

export const loader = (args: LoaderFunctionArgs) => detailLoader(args);

export function Component() {
  const id = useSubscriberId();
  return (
    <WithSubscribersList>
      <SubscriberEdit key={id} subscriberId={id} />
    </WithSubscribersList>
  );
}
