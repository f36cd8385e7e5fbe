import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Subscriber } from '../../../api/subscribers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify, notifyError } from '../../../components/notify';
import { actionLabel, type ActionKind, type SubscriberAction } from '../actions';
import { useSubscribersList } from '../list-context';
import { useSubscriberAction } from '../queries';
import { stateWord } from '../states';
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
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const mutation = useSubscriberAction(listId);
  const [asking, setAsking] = useState<{ subscriber: Target; kind: 'activate' | 'delete' } | null>(
    null,
  );
  const [mode, setMode] = useState<ActivateMode>('opt-in');

  const run = (subscriber: Target, action: SubscriberAction) => {
    setAsking(null);
    const email = subscriber.email;
    const name = actionLabel(action.kind);
    mutation.mutate(
      { subscriber, action },
      {
        onSuccess: (state) => {
          const word = stateWord(state);
          notify({ message: t`${email} is now ${word}.`, color: 'teal' });
        },
        onError: (err) => notifyError(err, t`${name} failed for ${email} — undone`),
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

  const askedEmail = asking?.subscriber.email ?? '';
  const dialogs = (
    <>
      <Modal
        opened={asking?.kind === 'activate'}
        onClose={() => setAsking(null)}
        title={asking ? t`Activate ${askedEmail}` : t`Activate`}
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
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit">
                <Trans>Activate</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={asking?.kind === 'delete'}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && run(asking.subscriber, { kind: 'delete' })}
        title={asking ? t`Delete ${askedEmail}?` : t`Delete`}
        confirmLabel={t`Delete`}
      >
        <Text size="sm">
          <Trans>
            The subscriber receives no more mailings. The record stays in the list (state “deleted”)
            and keeps its address there; it can be activated again later.
          </Trans>
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
