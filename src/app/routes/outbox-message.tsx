import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { OutboxMessageView } from '../../features/outbox/components/outbox-message-view';
import { outboxQueries } from '../../features/outbox/queries';
import { prefetch } from '../query-client';

const messageIdFrom = (params: { messageId?: string }) => {
  const id = Number(params.messageId);
  return /^\d+$/.test(params.messageId ?? '') && Number.isSafeInteger(id) ? id : undefined;
};

export function loader({ params }: LoaderFunctionArgs) {
  const id = messageIdFrom(params);
  return id === undefined ? null : prefetch(outboxQueries.message(id));
}

export function Component() {
  const id = messageIdFrom(useParams());
  if (id === undefined) throw data('Not found', { status: 404 });
  return <OutboxMessageView messageId={id} />;
}
