import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const email = subscriber.email;
  const listName = list.name;
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<ActivateMode>('confirm');
  const left =
    subscriber.subscription === 'unsubscribed'
      ? t`${email} unsubscribed from “${listName}”.`
      : t`${email} was deleted from “${listName}”.`;
  return (
    <Modal opened={opened} onClose={onClose} title={t`Re-activate ${email}?`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (consent) onConfirm(Boolean(list.double_opt_in) && mode === 'confirm');
        }}
      >
        <Stack>
          <Text size="sm">{left}</Text>
          <Alert color="yellow" title={t`Consent`}>
            <Trans>
              Has {email} agreed again to receive mailings from “{listName}”? Writing to someone who
              left a list without their renewed consent ignores their choice and breaks anti-spam
              rules.
            </Trans>
          </Alert>
          {list.double_opt_in && <ActivateChoice value={mode} onChange={setMode} />}
          <Checkbox
            label={t`Yes, ${email} has agreed again to receive these mailings`}
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!consent} loading={loading}>
              <Trans>Re-activate</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
