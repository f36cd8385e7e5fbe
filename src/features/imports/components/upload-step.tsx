import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ImportDelimiter } from '../../../../contract/imports';
import { delimiterLabel } from '../format/labels';
import { fieldErrors, isApiError, describeError } from '../../../api/errors';
import type { UploadProgress } from '../../../api/imports';
import { formatBytes, formatCount } from '../../../lib/format';
import { useStartImport } from '../queries';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';
import type { GoTo } from '../wizard/steps';
import { StepNav } from './step-nav';

const errorMessages = (error: unknown) => {
  if (!isApiError(error, 400)) return [describeError(error)];
  return Object.entries(fieldErrors(error)).flatMap(([field, messages]) =>
    messages.map((m) => (field === 'non_field_errors' ? m : `${field}: ${m}`)),
  );
};

/** Uploads the file with every choice as multipart form parameters, showing the progress. */
export function UploadStep({
  data,
  listId,
  goTo,
}: {
  data: WizardData;
  listId: number;
  goTo: GoTo;
}) {
  const { t } = useLingui();
  const { state, mapping, list, targets } = data;
  const start = useStartImport();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (!state.file || !state.format || !mapping || state.check.status !== 'complete') return null;
  const { file, format, check } = state;
  const counts = state.ignoreInvalidFields ? check.report.lenient : check.report.strict;
  const label = (name: string) => targets?.find((t) => t.name === name)?.label ?? name;
  const uploading = start.isPending;
  const aborted = start.error instanceof DOMException && start.error.name === 'AbortError';

  const upload = () => {
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    start.mutate(
      {
        listId,
        file,
        params: {
          encoding: format.encoding,
          delimiter: format.delimiter,
          has_header: format.hasHeader,
          date_format: state.dateFormat,
          fields: mapping.fields,
          ignore_invalid_fields: state.ignoreInvalidFields,
          on_existing: state.onExisting,
        },
        onProgress: setProgress,
        signal: abort.current.signal,
      },
      {
        onSuccess: (record) => {
          dispatch({ type: 'uploaded', listId, record, basis: check.basis });
          goTo('result', { import: String(record.id) });
        },
      },
    );
  };

  const percent = progress?.total ? (100 * progress.loaded) / progress.total : 0;
  const valid = formatCount(counts.valid);
  const rejected = formatCount(counts.invalid);
  const repeated = formatCount(counts.repeated);
  const sent = formatBytes(progress?.loaded ?? 0);
  const size = formatBytes(progress?.total ?? file.size);
  const dateFormat = state.dateFormat;
  const encoding = format.encoding;
  const delimiter = delimiterLabel(format.delimiter as ImportDelimiter);
  const previousId = state.upload?.record.id;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Table
          aria-label={t`What will be sent`}
          variant="vertical"
          layout="fixed"
          withRowBorders={false}
        >
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>
                <Trans>List</Trans>
              </Table.Th>
              <Table.Td>{list.data?.name ?? listId}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>File</Trans>
              </Table.Th>
              <Table.Td>
                {file.name} ({formatBytes(file.size)})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>Format</Trans>
              </Table.Th>
              <Table.Td>
                {format.hasHeader
                  ? t`${encoding}, ${delimiter}, header row, dates as ${dateFormat}`
                  : t`${encoding}, ${delimiter}, no header row, dates as ${dateFormat}`}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>Columns</Trans>
              </Table.Th>
              <Table.Td>
                {mapping.fields
                  .map((f, i) => (f ? `${i + 1} → ${label(f)}` : null))
                  .filter(Boolean)
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>Invalid values</Trans>
              </Table.Th>
              <Table.Td>
                {state.ignoreInvalidFields ? t`left out (the row is imported)` : t`reject the row`}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>Addresses in the list</Trans>
              </Table.Th>
              <Table.Td>
                {state.onExisting === 'update'
                  ? t`updated with the mapped columns (never their state)`
                  : t`left as they are`}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" mt="sm">
          <Trans>
            Expected: {valid} valid rows (new subscribers, or already in the list), {rejected}{' '}
            rejected, {repeated} repeated in the file.
          </Trans>
        </Text>
      </Paper>

      {uploading && (
        <Stack gap={4}>
          <Text size="sm">
            <Trans>
              Uploading… {sent} of {size}
            </Trans>
          </Text>
          <Progress value={percent} aria-label={t`Upload progress`} animated />
        </Stack>
      )}
      {start.error && !aborted && (
        <Alert color="red" title={t`The import was not accepted`} role="alert">
          <List size="sm">
            {errorMessages(start.error).map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {aborted && (
        <Alert color="gray" title={t`Upload cancelled`}>
          <Trans>Nothing was imported.</Trans>
        </Alert>
      )}
      {state.upload && state.upload.basis === check.basis && !uploading && (
        <Alert color="blue" title={t`Already imported`}>
          <Trans>
            This file was imported with these choices (import #{previousId}). Importing it again
            creates only subscribers the first import did not: the others count as already in the
            list.
          </Trans>
        </Alert>
      )}

      <StepNav onBack={() => goTo('check')}>
        {uploading ? (
          <Button variant="default" onClick={() => abort.current?.abort()}>
            <Trans>Cancel upload</Trans>
          </Button>
        ) : (
          <Group gap="sm">
            {state.upload && (
              <Button
                variant="default"
                onClick={() => goTo('result', { import: String(state.upload!.record.id) })}
              >
                <Trans>Show the result</Trans>
              </Button>
            )}
            <Button leftSection={<IconUpload size={16} />} onClick={upload}>
              <Trans>Start import</Trans>
            </Button>
          </Group>
        )}
      </StepNav>
    </Stack>
  );
}
