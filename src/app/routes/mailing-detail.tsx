import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { MailingDetails } from '../../features/mailings/components/mailing-details';
import { mailingQueries } from '../../features/mailings/queries';
import { prefetch } from '../query-client';

const mailingIdFrom = (params: { mailingId?: string }) => {
  const id = Number(params.mailingId);
  return /^\d+$/.test(params.mailingId ?? '') && Number.isSafeInteger(id) ? id : undefined;
};

export function loader({ params }: LoaderFunctionArgs) {
  const id = mailingIdFrom(params);
  return id === undefined ? null : prefetch(mailingQueries.detail(id));
}

export function Component() {
  const id = mailingIdFrom(useParams());
  if (id === undefined) throw data('Not found', { status: 404 });
  return <MailingDetails mailingId={id} />;
}
