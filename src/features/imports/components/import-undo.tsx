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
  const canRun = useCan('imports:run', listId);
  const undo = record.undo;
  if (undo === undefined || !isImportFinished(record.status)) return null;
  if (undo === null) return canRun ? <UndoButton listId={listId} record={record} /> : null;

  const running = !isImportFinished(undo.status);
  return (
    <Stack gap="xs" aria-label="Undo of the import">
      <Title order={3} size="h4">
        {running ? 'Undoing the import…' : undo.status === 'done' ? 'Import undone' : 'Undo failed'}
      </Title>
      {running && <Progress value={100} animated striped aria-label="Undo progress" />}
      <Text size="sm">
        {formatCount(undo.deleted)} created {undo.deleted === 1 ? 'subscriber' : 'subscribers'}{' '}
        removed, {formatCount(undo.restored)} updated {undo.restored === 1 ? 'one' : 'ones'}{' '}
        restored
        {undo.kept_mailed > 0 ? `, ${formatCount(undo.kept_mailed)} kept (mailed since)` : ''}.
      </Text>
      {undo.conflict_count > 0 && (
        <Alert color="yellow" title="Rows left as they are">
          <Text size="sm" mb="xs">
            {formatCount(undo.conflict_count)}{' '}
            {undo.conflict_count === 1 ? 'subscriber was' : 'subscribers were'} changed after the
            import, so the undo left {undo.conflict_count === 1 ? 'it' : 'them'} alone.
          </Text>
          <Table aria-label="Undo conflicts" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Id</Table.Th>
                <Table.Th>Email</Table.Th>
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
  const [opened, setOpened] = useState(false);
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
          Undo this import
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Undo this import?"
        confirmLabel="Undo the import"
        loading={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(removeMailed, {
            onSuccess: () => setOpened(false),
          })
        }
      >
        <Stack gap="sm">
          <Text size="sm">
            The {formatCount(record.created ?? 0)} subscribers it created are removed and the{' '}
            {formatCount(record.updated ?? 0)} it updated get their values back. Subscribers changed
            since are left as they are and listed. An import is undone once.
          </Text>
          <Checkbox
            label="Also remove created subscribers who were mailed since"
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
        Download the rows left (CSV)
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
