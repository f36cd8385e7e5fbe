import { Trans, useLingui } from '@lingui/react/macro';
import '@mantine/dropzone/styles.css';
import { Alert, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IMPORT_MAX_FILE_BYTES } from '../../../../contract/imports';
import { ErrorState } from '../../../components/states';
import { formatBytes } from '../../../lib/format';
import { readSample } from '../wizard/read-sample';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';
import type { GoTo } from '../wizard/steps';
import { StepNav } from './step-nav';
import { listQueries } from '../../../api/shared-queries';

export function FileStep({
  data,
  listId,
  onListChange,
  goTo,
}: {
  data: WizardData;
  listId: number | null;
  onListChange: (id: number | null) => void;
  goTo: GoTo;
}) {
  const { t } = useLingui();
  const lists = useQuery(listQueries.everyList());
  const maxSize = formatBytes(IMPORT_MAX_FILE_BYTES);
  const { file, sample, sampleError } = data.state;
  const [rejection, setRejection] = useState<string | null>(null);

  const choose = (chosen: File) => {
    setRejection(null);
    dispatch({ type: 'fileChosen', file: chosen });
    void readSample(chosen);
  };

  return (
    <Stack gap="lg">
      {lists.error ? (
        <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <Select
          label={t`List`}
          description={t`The list the subscribers are imported into.`}
          placeholder={lists.isPending ? t`Loading lists…` : t`Choose a list`}
          data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={listId === null ? null : String(listId)}
          onChange={(value) => onListChange(value ? Number(value) : null)}
          searchable
          withAsterisk
          maw={480}
          nothingFoundMessage={t`No list has this name`}
        />
      )}

      <Dropzone
        onDrop={(files) => files[0] && choose(files[0])}
        onReject={(rejections) =>
          setRejection(
            rejections[0]?.errors.some((e) => e.code === 'file-too-large')
              ? t`The file is larger than ${maxSize}, the most the server accepts.`
              : t`Drop one CSV file.`,
          )
        }
        maxSize={IMPORT_MAX_FILE_BYTES}
        multiple={false}
        useFsAccessApi={false}
        inputProps={{ 'aria-label': t`CSV file` }}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypeCsv size={40} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="lg">
              <Trans>Drop a CSV file here or click to choose one</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Any encoding and delimiter; up to {maxSize}.</Trans>
            </Text>
          </div>
        </Group>
      </Dropzone>

      {rejection && (
        <Alert color="red" role="alert" title={t`This file cannot be imported`}>
          {rejection}
        </Alert>
      )}
      {file && (
        <Paper withBorder p="md" aria-label={t`Chosen file`}>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{file.name}</Text>
              <Text size="sm" c="dimmed">
                {formatBytes(file.size)}
              </Text>
            </div>
            {!sample && !sampleError && <Loader size="sm" aria-label={t`Reading the file`} />}
          </Group>
        </Paper>
      )}
      {sampleError && (
        <Alert color="red" role="alert" title={t`The file could not be read`}>
          {sampleError}
        </Alert>
      )}

      <StepNav
        onNext={() => goTo('format')}
        nextLabel={t`Next: Format`}
        nextDisabled={listId === null || !sample}
      />
    </Stack>
  );
}
