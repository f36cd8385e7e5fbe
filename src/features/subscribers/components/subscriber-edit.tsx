import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Subscriber } from '../../../api/subscribers';
import { notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { initialValues, type SubscriberBody } from '../form/form-model';
import { SubscriberForm } from '../form/subscriber-form';
import { useSubscribersList } from '../list-context';
import { subscriberQueries, useUpdateSubscriber } from '../queries';
import { Breadcrumbs } from './breadcrumbs';
import { ConflictPanel } from './conflict-panel';

type Conflict = { existing: Subscriber; entered: SubscriberBody };

/** Edits a subscriber (PATCH of the changed fields); an email taken by another opens the 409 panel. */
export function SubscriberEdit({ subscriberId }: { subscriberId: number }) {
  const { list } = useSubscribersList();
  const navigate = useNavigate();
  const fields = useQuery(subscriberQueries.fields(list.id));
  const subscriber = useQuery(subscriberQueries.detail(list.id, subscriberId));
  const update = useUpdateSubscriber(list.id);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const pagePath = (id: number) => `/lists/${list.id}/subscribers/${id}`;

  const error = fields.error ?? subscriber.error;
  if (error)
    return (
      <ErrorState
        error={error}
        onRetry={() => void Promise.all([fields.refetch(), subscriber.refetch()])}
      />
    );
  if (!fields.data || !subscriber.data) return <DetailSkeleton />;
  return (
    <>
      <PageHeader
        title={`Edit ${subscriber.data.email}`}
        above={<Breadcrumbs subscriber={subscriber.data} />}
      />
      {conflict && (
        <ConflictPanel
          listId={list.id}
          fields={fields.data}
          existing={conflict.existing}
          entered={conflict.entered}
          mode="edit"
          onCancel={() => setConflict(null)}
          onApplied={(saved) => void navigate(pagePath(saved.id))}
        />
      )}
      <div hidden={conflict !== null}>
        <SubscriberForm
          // Starts from the stored values; another subscriber gets a fresh form.
          key={subscriber.data.id}
          fields={fields.data}
          languages={list.languages}
          initial={initialValues(fields.data, subscriber.data)}
          mode="edit"
          submitLabel="Save changes"
          onCancel={() => void navigate(pagePath(subscriberId))}
          onConflict={(existing, entered) => setConflict({ existing, entered })}
          onSubmit={async (body) => {
            const saved = await update.mutateAsync({ id: subscriberId, body });
            notifySuccess(`${saved.email} saved.`);
            await navigate(pagePath(subscriberId));
          }}
        />
      </div>
    </>
  );
}
