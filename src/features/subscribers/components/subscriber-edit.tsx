import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { initialValues } from '../form/form-model';
import { useSubscribersList } from '../list-context';
import { subscriberQueries, useUpdateSubscriber } from '../queries';
import { SubscriberBreadcrumbs } from './breadcrumbs';
import { SubscriberFormScreen } from './subscriber-form-screen';

/** Edits a subscriber (PATCH of the changed fields); an email taken by another opens the 409 panel. */
export function SubscriberEdit({ subscriberId }: { subscriberId: number }) {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const navigate = useNavigate();
  const fields = useQuery(subscriberQueries.fields(list.id));
  const subscriber = useQuery(subscriberQueries.detail(list.id, subscriberId));
  const update = useUpdateSubscriber(list.id);
  const pagePath = `/lists/${list.id}/subscribers/${subscriberId}`;

  const error = fields.error ?? subscriber.error;
  if (error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void Promise.all([fields.refetch(), subscriber.refetch()])}
      />
    );
  if (!fields.data || !subscriber.data) return <DetailSkeleton />;
  const email = subscriber.data.email;
  return (
    <SubscriberFormScreen
      // Starts from the stored values; another subscriber gets a fresh form.
      key={subscriber.data.id}
      header={
        <PageHeader
          title={t`Edit ${email}`}
          above={<SubscriberBreadcrumbs subscriber={subscriber.data} />}
        />
      }
      fields={fields.data}
      initial={initialValues(fields.data, subscriber.data)}
      mode="edit"
      submitLabel={t`Save changes`}
      cancelPath={pagePath}
      onSubmit={async (body) => {
        const saved = await update.mutateAsync({ id: subscriberId, body });
        const savedEmail = saved.email;
        notifySuccess(t`${savedEmail} saved.`);
        await navigate(pagePath);
      }}
    />
  );
}
