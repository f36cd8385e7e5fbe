import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Subscriber } from '../../../api/subscribers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify, notifyError } from '../../../components/notify';
import { actionLabels, type ActionKind, type SubscriberAction } from '../actions';
import { useSubscribersList } from '../list-context';
import { useSubscriberAction } from '../queries';
import { stateLabels } from '../states';
import { ActivateChoice, type ActivateMode } from './activate-choice';

type Target = Pick<Subscriber, 'id' | 'email' | 'subscription'>;

/**
 * Activate, unsubscribe or delete one subscriber, from a table row or the subscriber page.
 * Activation asks how on a double-opt-in list; deletion asks first; the change shows at
 * once and is rolled back with a message when the server refuses it.
 */
export function useSingleAction(listId: number): {
  request: (subscriber: Target, kind: ActionKind) => void;
  dialogs: ReactNode;
  isRunning: (id: number) => boolean;
} {
  const { list } = useSubscribersList();
  const mutation = useSubscriberAction(listId);
  const [asking, setAsking] = useState<{ subscriber: Target; kind: 'activate' | 'delete' } | null>(
    null,
  );
  const [mode, setMode] = useState<ActivateMode>('opt-in');

  const run = (subscriber: Target, action: SubscriberAction) => {
    setAsking(null);
    mutation.mutate(
      { subscriber, action },
      {
        onSuccess: (state) =>
          notify({
            message: `${subscriber.email} is now ${stateLabels[state].toLowerCase()}.`,
            color: 'teal',
          }),
        onError: (err) =>
          notifyError(err, `${actionLabels[action.kind]} failed for ${subscriber.email} — undone`),
      },
    );
  };

  const request = (subscriber: Target, kind: ActionKind) => {
    if (kind === 'unsubscribe') run(subscriber, { kind });
    else if (kind === 'activate' && !list.double_opt_in) run(subscriber, { kind });
    else {
      setMode('opt-in');
      setAsking({ subscriber, kind });
    }
  };

  const dialogs = (
    <>
      <Modal
        opened={asking?.kind === 'activate'}
        onClose={() => setAsking(null)}
        title={asking ? `Activate ${asking.subscriber.email}` : 'Activate'}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (asking)
              run(asking.subscriber, {
                kind: 'activate',
                confirm: mode === 'confirm' || undefined,
              });
          }}
        >
          <Stack>
            <ActivateChoice value={mode} onChange={setMode} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button type="submit">Activate</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={asking?.kind === 'delete'}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && run(asking.subscriber, { kind: 'delete' })}
        title={asking ? `Delete ${asking.subscriber.email}?` : 'Delete'}
        confirmLabel="Delete"
      >
        <Text size="sm">
          The subscriber receives no more mailings. The record stays in the list (state “deleted”)
          and keeps its address there; it can be activated again later.
        </Text>
      </ConfirmDialog>
    </>
  );

  return {
    request,
    dialogs,
    isRunning: (id) => mutation.isPending && mutation.variables?.subscriber.id === id,
  };
}
