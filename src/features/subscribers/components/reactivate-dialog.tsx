import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Subscriber } from '../../../api/subscribers';
import { useSubscribersList } from '../list-context';
import { ActivateChoice, type ActivateMode } from './activate-choice';

/**
 * Re-activating someone who left the list: first the consent question, by name. On a
 * double-opt-in list the default is the `confirm` override (active at once); sending the
 * opt-in again (pending) stays possible.
 */
export function ReactivateDialog({
  subscriber,
  opened,
  onClose,
  onConfirm,
  loading,
}: {
  subscriber: Pick<Subscriber, 'email' | 'subscription'>;
  opened: boolean;
  onClose: () => void;
  onConfirm: (confirm: boolean) => void;
  loading: boolean;
}) {
  const { list } = useSubscribersList();
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<ActivateMode>('confirm');
  const left =
    subscriber.subscription === 'unsubscribed'
      ? `unsubscribed from “${list.name}”`
      : `was deleted from “${list.name}”`;
  return (
    <Modal opened={opened} onClose={onClose} title={`Re-activate ${subscriber.email}?`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (consent) onConfirm(Boolean(list.double_opt_in) && mode === 'confirm');
        }}
      >
        <Stack>
          <Text size="sm">
            {subscriber.email} {left}.
          </Text>
          <Alert color="yellow" title="Consent">
            Has {subscriber.email} agreed again to receive mailings from “{list.name}”? Writing to
            someone who left a list without their renewed consent ignores their choice and breaks
            anti-spam rules.
          </Alert>
          {list.double_opt_in && <ActivateChoice value={mode} onChange={setMode} />}
          <Checkbox
            label={`Yes, ${subscriber.email} has agreed again to receive these mailings`}
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!consent} loading={loading}>
              Re-activate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
