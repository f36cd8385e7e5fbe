import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isImportFinished, type ImportRecord } from '../../../../contract/imports';
import { describeError } from '../../../api/errors';
import { getImportUndoConflictsCsv } from '../../../api/imports';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCan } from '../../../components/use-can';
import { downloadBlob } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { useUndoImport } from '../queries';

/**
 * The undo of a finished import (issue 53): a button that asks first (and whether the
 * subscribers it created who were mailed since go too), then the undo's progress and end,
 * with the rows it left for having changed since and their CSV. Hidden on a server whose
 * records have no `undo` member.
 */
export function ImportUndo({ listId, record }: { listId: number; record: ImportRecord }) {
  const { t } = useLingui();
  const canRun = useCan('imports:run', listId);
  const undo = record.undo;
  if (undo === undefined || !isImportFinished(record.status)) return null;
  if (undo === null) return canRun ? <UndoButton listId={listId} record={record} /> : null;

  const running = !isImportFinished(undo.status);
  const deleted = undo.deleted;
  const restoredCount = undo.restored;
  const removed = plural(deleted, {
    one: '# created subscriber removed',
    other: '# created subscribers removed',
  });
  const restored = plural(restoredCount, {
    one: '# updated one restored',
    other: '# updated ones restored',
  });
  const kept = formatCount(undo.kept_mailed);
  const left = undo.conflict_count;
  return (
    <Stack gap="xs" aria-label={t`Undo of the import`}>
      <Title order={3} size="h4">
        {running
          ? t`Undoing the import…`
          : undo.status === 'done'
            ? t`Import undone`
            : t`Undo failed`}
      </Title>
      {running && <Progress value={100} animated striped aria-label={t`Undo progress`} />}
      <Text size="sm">
        {undo.kept_mailed > 0
          ? t`${removed}, ${restored}, ${kept} kept (mailed since).`
          : t`${removed}, ${restored}.`}
      </Text>
      {undo.conflict_count > 0 && (
        <Alert color="yellow" title={t`Rows left as they are`}>
          <Text size="sm" mb="xs">
            {plural(left, {
              one: '# subscriber was changed after the import, so the undo left it alone.',
              other: '# subscribers were changed after the import, so the undo left them alone.',
            })}
          </Text>
          <Table aria-label={t`Undo conflicts`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Id</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Email</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {undo.conflicts.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.id}</Table.Td>
                  <Table.Td>{c.email}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ConflictsCsvButton listId={listId} importId={record.id} />
        </Alert>
      )}
    </Stack>
  );
}

function UndoButton({ listId, record }: { listId: number; record: ImportRecord }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const created = formatCount(record.created ?? 0);
  const updated = formatCount(record.updated ?? 0);
  const [removeMailed, setRemoveMailed] = useState(false);
  const mutation = useUndoImport(listId, record.id);
  return (
    <>
      <Group>
        <Button
          variant="default"
          color="red"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => setOpened(true)}
        >
          <Trans>Undo this import</Trans>
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Undo this import?`}
        confirmLabel={t`Undo the import`}
        loading={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(removeMailed, {
            onSuccess: () => setOpened(false),
          })
        }
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              The {created} subscribers it created are removed and the {updated} it updated get
              their values back. Subscribers changed since are left as they are and listed. An
              import is undone once.
            </Trans>
          </Text>
          <Checkbox
            label={t`Also remove created subscribers who were mailed since`}
            checked={removeMailed}
            onChange={(e) => setRemoveMailed(e.currentTarget.checked)}
          />
          {mutation.error && (
            <Text size="sm" c="red" role="alert">
              {describeError(mutation.error)}
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}

function ConflictsCsvButton({ listId, importId }: { listId: number; importId: number }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      const csv = await getImportUndoConflictsCsv(listId, importId);
      downloadBlob(csv, `import-${importId}-undo-conflicts.csv`);
    } catch (err) {
      setError(describeError(err));
    }
  };
  return (
    <Group gap="sm" mt="xs">
      <Button size="xs" leftSection={<IconDownload size={14} />} onClick={() => void download()}>
        <Trans>Download the rows left (CSV)</Trans>
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
