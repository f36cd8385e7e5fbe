import { stateWord } from '../states';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { initialValues } from '../form/form-model';
import { useSubscribersList } from '../list-context';
import { subscriberQueries, useCreateSubscriber } from '../queries';
import { SubscriberBreadcrumbs } from './breadcrumbs';
import { SubscriberFormScreen } from './subscriber-form-screen';

/** New subscriber; a duplicate email opens the 409 panel in place, keeping the form's values. */
export function SubscriberCreate() {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fields = useQuery(subscriberQueries.fields(list.id));
  const create = useCreateSubscriber(list.id);

  const header = <PageHeader title={t`New subscriber`} above={<SubscriberBreadcrumbs />} />;
  if (fields.error)
    return (
      <>
        {header}
        <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
      </>
    );
  if (!fields.data) return <DetailSkeleton />;
  return (
    <SubscriberFormScreen
      header={header}
      fields={fields.data}
      initial={{ ...initialValues(fields.data), email: params.get('email') ?? '' }}
      mode="create"
      submitLabel={t`Add subscriber`}
      cancelPath={`/lists/${list.id}/subscribers`}
      onSubmit={async (body) => {
        const created = await create.mutateAsync(body);
        const email = created.email;
        const state = stateWord(created.subscription);
        notifySuccess(t`${email} added as ${state}.`);
        await navigate(`/lists/${list.id}/subscribers/${created.id}`);
      }}
    />
  );
}
