import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/link';
import { isImportFinished, type ImportRecord } from '../../../../contract/imports';
import { describeError } from '../../../api/errors';
import { getImportErrorsCsv } from '../../../api/imports';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { downloadBlob } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { importQueries, useRefreshAfterImport } from '../queries';
import { AcceptedImport } from './accepted-import';
import { ImportStatusBadge } from './import-status-badge';
import { Figure } from './figure';
import { ImportUndo } from './import-undo';

const processed = (r: ImportRecord) =>
  (r.created ?? 0) +
  (r.updated ?? 0) +
  (r.skipped_existing ?? 0) +
  (r.skipped_duplicate ?? 0) +
  (r.invalid ?? 0);

/**
 * What an import did (our extension): live progress while the server's job runs (read
 * again every second), then the counts — created, already in the list, repeated in the
 * file, invalid, adding up to the total — the first errors and the errors CSV. A server
 * without the extension shows the accepted record instead (`fallback`).
 */
export function ImportOutcome({
  listId,
  importId,
  fallback,
  expectedRows,
}: {
  listId: number;
  importId: number;
  fallback?: ImportRecord;
  /** Rows the check counted, to show progress against while the total is unknown. */
  expectedRows?: number;
}) {
  const { t } = useLingui();
  const query = useQuery(importQueries.detail(listId, importId));
  const record = query.data?.supported ? query.data.data : undefined;
  useRefreshAfterImport(record?.status);

  if (query.isPending) return <DetailSkeleton />;
  if (query.data && !query.data.supported)
    return fallback ? (
      <AcceptedImport record={fallback} listId={listId} />
    ) : (
      <Alert color="gray" title={t`No outcome to show`}>
        <Trans>
          This server does not report what its imports did. Look at the list&apos;s subscribers.
        </Trans>
      </Alert>
    );
  if (!record) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (record.status === undefined) return <AcceptedImport record={record} listId={listId} />;

  const finished = isImportFinished(record.status);
  const done = processed(record);
  const total = record.total_rows ?? (finished ? done : undefined);
  const failure = record.errors?.find((e) => e.row === 0);
  const rowErrors = record.errors?.filter((e) => e.row !== 0) ?? [];
  const updateMode = record.on_existing === 'update';
  const id = record.id;
  const file = record.file;
  const doneCount = formatCount(done);
  const expected = formatCount(expectedRows ?? 0);
  const sum = [
    record.created ?? 0,
    ...(updateMode ? [record.updated ?? 0] : []),
    record.skipped_existing ?? 0,
    record.skipped_duplicate ?? 0,
    record.invalid ?? 0,
  ]
    .map(formatCount)
    .join(' + ');
  const totalCount = formatCount(total ?? 0);
  const failureMessage = failure?.message;

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2} size="h3">
          <Trans>
            Import #{id} of {file}
          </Trans>
        </Title>
        <ImportStatusBadge status={record.status} />
      </Group>
      {query.error && <ErrorState error={query.error} title={t`Showing older data`} />}

      {!finished && (
        <Stack gap={4} aria-label={t`Import progress`}>
          <Text size="sm">
            {record.status === 'queued'
              ? t`Waiting for the server to start…`
              : expectedRows
                ? t`Processed ${doneCount} of about ${expected} rows…`
                : t`Processed ${doneCount} rows…`}
          </Text>
          <Progress
            value={expectedRows ? Math.min(100, (100 * done) / Math.max(1, expectedRows)) : 100}
            animated
            striped={!expectedRows}
            aria-label={t`Rows processed`}
          />
        </Stack>
      )}

      {failure && (
        <Alert color="red" title={t`The import stopped`} role="alert">
          <Trans>{failureMessage} The rows before the problem were imported.</Trans>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: updateMode ? 6 : 5 }}>
        <Figure label={t`Created`} value={record.created ?? 0} color="teal" />
        {updateMode && <Figure label={t`Updated`} value={record.updated ?? 0} color="blue" />}
        <Figure label={t`Already in the list`} value={record.skipped_existing ?? 0} />
        <Figure label={t`Repeated in the file`} value={record.skipped_duplicate ?? 0} />
        <Figure
          label={t`Invalid`}
          value={record.invalid ?? 0}
          color={record.invalid ? 'red' : undefined}
        />
        <Figure label={t`Total rows`} value={total ?? done} />
      </SimpleGrid>
      {finished && total !== undefined && (
        <Text size="sm" c="dimmed">
          <Trans>
            {sum} = {doneCount} of {totalCount} rows.
          </Trans>
        </Text>
      )}

      {rowErrors.length > 0 && <FirstErrors errors={rowErrors} invalid={record.invalid ?? 0} />}

      <ImportUndo listId={listId} record={record} />

      <Group gap="sm">
        {finished && (rowErrors.length > 0 || (record.invalid ?? 0) > 0) && (
          <ErrorsCsvButton listId={listId} importId={record.id} />
        )}
        <Button component={Link} to={`/lists/${listId}/subscribers`} variant="default">
          <Trans>Show the list&apos;s subscribers</Trans>
        </Button>
        <Anchor component={Link} to={`/lists/${listId}/imports`} size="sm">
          <Trans>Past imports of this list</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}

function FirstErrors({
  errors,
  invalid,
}: {
  errors: NonNullable<ImportRecord['errors']>;
  invalid: number;
}) {
  const { t } = useLingui();
  const count = errors.length;
  const shown = plural(count, { one: '# problem shown', other: '# problems shown' });
  const rejected = plural(invalid, {
    one: ' (# row rejected in all)',
    other: ' (# rows rejected in all)',
  });
  return (
    <div>
      <Title order={3} size="h4" mb={4}>
        <Trans>First problems</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {shown}
        {invalid > 0 ? rejected : ''}
        <Trans>; row numbers count the header row, as a spreadsheet does.</Trans>
      </Text>
      <Table.ScrollContainer minWidth={560} maxHeight={400}>
        <Table aria-label={t`Import errors`} verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>
                <Trans>Row</Trans>
              </Table.Th>
              <Table.Th w={160}>
                <Trans>Field</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Message</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="red" tt="none">
                    {e.field}
                  </Badge>
                </Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

function ErrorsCsvButton({ listId, importId }: { listId: number; importId: number }) {
  const { t } = useLingui();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const result = await getImportErrorsCsv(listId, importId);
      if (!result.supported) throw new Error(t`This server does not offer the errors as CSV.`);
      downloadBlob(result.data, `import-${importId}-errors.csv`);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: describeError(error) });
    }
  };
  return (
    <>
      <Button
        leftSection={<IconDownload size={16} />}
        onClick={() => void download()}
        loading={state.busy}
      >
        <Trans>Download errors (CSV)</Trans>
      </Button>
      {state.error && (
        <Text size="sm" c="red" role="alert">
          {state.error}
        </Text>
      )}
    </>
  );
}
