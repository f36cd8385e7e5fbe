import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Subscriber } from '../../../api/subscribers';
import { notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { initialValues, type SubscriberBody } from '../form/form-model';
import { SubscriberForm } from '../form/subscriber-form';
import { useSubscribersList } from '../list-context';
import { subscriberQueries, useCreateSubscriber } from '../queries';
import { Breadcrumbs } from './breadcrumbs';
import { ConflictPanel } from './conflict-panel';

type Conflict = { existing: Subscriber; entered: SubscriberBody };

/** New subscriber; a duplicate email opens the 409 panel in place, keeping the form's values. */
export function SubscriberCreate() {
  const { list } = useSubscribersList();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fields = useQuery(subscriberQueries.fields(list.id));
  const create = useCreateSubscriber(list.id);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const pagePath = (id: number) => `/lists/${list.id}/subscribers/${id}`;

  const header = <PageHeader title="New subscriber" above={<Breadcrumbs />} />;
  if (fields.error)
    return (
      <>
        {header}
        <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
      </>
    );
  if (!fields.data) return <DetailSkeleton />;
  return (
    <>
      {header}
      {conflict && (
        <ConflictPanel
          listId={list.id}
          fields={fields.data}
          existing={conflict.existing}
          entered={conflict.entered}
          mode="create"
          onCancel={() => setConflict(null)}
          onApplied={(saved) => void navigate(pagePath(saved.id))}
        />
      )}
      {/* Hidden, not unmounted: "Cancel" in the panel returns to the values as entered. */}
      <div hidden={conflict !== null}>
        <SubscriberForm
          fields={fields.data}
          languages={list.languages}
          initial={{ ...initialValues(fields.data), email: params.get('email') ?? '' }}
          mode="create"
          submitLabel="Add subscriber"
          onCancel={() => void navigate(`/lists/${list.id}/subscribers`)}
          onConflict={(existing, entered) => setConflict({ existing, entered })}
          onSubmit={async (body) => {
            const created = await create.mutateAsync(body);
            notifySuccess(`${created.email} added as ${created.subscription}.`);
            await navigate(pagePath(created.id));
          }}
        />
      </div>
    </>
  );
}
