import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ERASURE_REASON_MAX } from '../../../../contract/person-data';
import { fieldErrors } from '../../../api/errors';
import { DialogForm } from '../../../components/dialog-form';
import { notifyError } from '../../../components/notify';
import { useErasePerson } from '../queries';

type Props = {
  opened: boolean;
  onClose: () => void;
  onErased: () => void;
  email: string;
  listNames: string[];
};

/** Asks for the reason and says what goes before erasing a person for good. */
export function EraseDialog(props: Props) {
  const { t } = useLingui();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t`Erase this person`} centered>
      {/* Remounted on open, so a reason typed before never comes back. */}
      {props.opened && <EraseForm {...props} />}
    </Modal>
  );
}

function EraseForm({ onClose, onErased, email, listNames }: Props) {
  const { t } = useLingui();
  const erase = useErasePerson(email);
  const [reason, setReason] = useState('');
  const lists = listNames.join(', ');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!reason.trim()) {
      setError(t`Say why: the audit log keeps the reason.`);
      return;
    }
    erase.mutate(reason, {
      onSuccess: onErased,
      onError: (err) => {
        const messages = fieldErrors(err).reason;
        if (messages) setError(messages.join(' '));
        else notifyError(err);
      },
    });
  };
  return (
    <DialogForm onSubmit={submit}>
      <Stack>
        <Text size="sm">
          {lists
            ? t`${email} will be erased for good from every list, deleted subscriptions included (${lists}):`
            : t`${email} will be erased for good from every list, deleted subscriptions included:`}
        </Text>
        <List size="sm">
          <List.Item>
            <Trans>every subscription, with its custom fields and history;</Trans>
          </List.Item>
          <List.Item>
            <Trans>the address on messages sent, opens, clicks and bounces;</Trans>
          </List.Item>
          <List.Item>
            <Trans>outbox copies and test messages showing the address;</Trans>
          </List.Item>
          <List.Item>
            <Trans>queued webhook events about the person.</Trans>
          </List.Item>
        </List>
        <Alert color="red" variant="light">
          <Trans>
            This cannot be undone. Statistics keep their totals without the address; the address is
            refused by imports and the API from now on, unless the person opts in again.
          </Trans>
        </Alert>
        <Textarea
          label={t`Reason`}
          description={t`Kept in the audit log (the address is not).`}
          withAsterisk
          autosize
          minRows={2}
          maxLength={ERASURE_REASON_MAX}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="red" loading={erase.isPending}>
            <Trans>Erase for good</Trans>
          </Button>
        </Group>
      </Stack>
    </DialogForm>
  );
}
