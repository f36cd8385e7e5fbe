import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { DialogForm } from './dialog-form';

export type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this exact text is typed. */
  confirmPhrase?: string;
  danger?: boolean;
  loading?: boolean;
};

/** Asks before something irreversible; optionally "type the name to confirm". */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, onClose, title } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Remounted on open, so the typed phrase never outlives the dialog. */}
      {opened && <ConfirmBody {...props} />}
    </Modal>
  );
}

function ConfirmBody({
  onClose,
  onConfirm,
  children,
  confirmLabel,
  confirmPhrase,
  danger = true,
  loading = false,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const matches = confirmPhrase === undefined || typed.trim() === confirmPhrase.trim();
  return (
    <DialogForm
      onSubmit={() => {
        if (matches && !loading) onConfirm();
      }}
    >
      <Stack>
        <div id={hintId}>{children}</div>
        {confirmPhrase !== undefined && (
          <TextInput
            label={t`Type “${confirmPhrase}” to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            color={danger ? 'red' : undefined}
            disabled={!matches}
            loading={loading}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogForm>
  );
}
