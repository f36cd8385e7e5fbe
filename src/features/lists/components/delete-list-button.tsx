import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { List } from '../../../api/lists';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useDeleteList } from '../mutations';

/** Deleting a list takes its mailings and statistics with it (spec): ask, and make them type. */
export function DeleteListButton({ list, onDeleted }: { list: List; onDeleted: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const name = list.name;
  const remove = useDeleteList();
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={() => setOpen(true)}
      >
        <Trans>Delete list</Trans>
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t`Delete “${name}”?`}
        confirmLabel={t`Delete list`}
        confirmPhrase={list.name}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(list.id, {
            onSuccess: () => {
              setOpen(false);
              notifySuccess(t`List “${name}” deleted.`);
              onDeleted();
            },
            onError: (err) => notifyError(err, t`The list was not deleted`),
          })
        }
      >
        <Text size="sm">
          <Trans>
            This permanently deletes the list with its subscribers, and all of its mailings and
            their statistics. This cannot be undone.
          </Trans>
        </Text>
      </ConfirmDialog>
    </>
  );
}
