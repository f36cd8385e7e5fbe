import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Subscriber } from '../../../api/subscribers';
import type { FieldInfo } from '../columns';
import type { FormValues, SubscriberBody } from '../form/form-model';
import { SubscriberForm } from '../form/subscriber-form';
import { useSubscribersList } from '../list-context';
import { ConflictPanel } from './conflict-panel';

type Conflict = { existing: Subscriber; entered: SubscriberBody };

/**
 * What the create and edit screens share below their header: the subscriber form, and in
 * its place the 409 panel when the email belongs to someone else.
 */
export function SubscriberFormScreen({
  header,
  fields,
  initial,
  mode,
  submitLabel,
  cancelPath,
  onSubmit,
}: {
  header: ReactNode;
  fields: readonly FieldInfo[];
  initial: FormValues;
  mode: 'create' | 'edit';
  submitLabel: string;
  cancelPath: string;
  onSubmit: (body: SubscriberBody) => Promise<unknown>;
}) {
  const { list } = useSubscribersList();
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  return (
    <>
      {header}
      {conflict && (
        <ConflictPanel
          listId={list.id}
          fields={fields}
          existing={conflict.existing}
          entered={conflict.entered}
          mode={mode}
          onCancel={() => setConflict(null)}
          onApplied={(saved) => void navigate(`/lists/${list.id}/subscribers/${saved.id}`)}
        />
      )}
      {/* Hidden, not unmounted: "Cancel" in the panel returns to the values as entered. */}
      <div hidden={conflict !== null}>
        <SubscriberForm
          fields={fields}
          languages={list.languages}
          initial={initial}
          mode={mode}
          submitLabel={submitLabel}
          onCancel={() => void navigate(cancelPath)}
          onConflict={(existing, entered) => setConflict({ existing, entered })}
          onSubmit={onSubmit}
        />
      </div>
    </>
  );
}
