import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { LinesSkeleton } from '../../../components/states';
import { formatBytes, formatCount } from '../../../lib/format';
import { cancelCheck, startCheck, useCheckProgress } from '../wizard/check-runner';
import type { WizardData } from '../wizard/use-wizard-data';
import { CheckReportView } from './check-report';
import { OnExistingChoice } from './on-existing-choice';
import type { GoTo } from '../wizard/steps';
import { StepNav } from './step-nav';

/** Starts the check of every row (in a worker) for the current choices. */
function runCheck(data: WizardData) {
  const { state, mapping, list, customFields, checkBasis } = data;
  if (!state.file || !state.format || !mapping || !list.data || !customFields || !checkBasis)
    return;
  startCheck(
    {
      file: state.file,
      config: {
        ...state.format,
        fields: mapping.fields,
        customFields,
        languages: list.data.languages,
        dateFormat: state.dateFormat,
      },
    },
    checkBasis,
  );
}

function CheckedSoFar({
  progress,
}: {
  progress: { counts: { rows: number }; bytesRead: number; totalBytes: number };
}) {
  const rows = formatCount(progress.counts.rows);
  const read = formatBytes(progress.bytesRead);
  const total = formatBytes(progress.totalBytes);
  return (
    <Trans>
      Checked {rows} rows, {read} of {total}
    </Trans>
  );
}

/** Subscribes to the progress alone: its messages (every 100 ms) re-render only this. */
function CheckProgressBar() {
  const { t } = useLingui();
  const progress = useCheckProgress();
  return (
    <Stack gap="xs" aria-label={t`Checking the rows`}>
      <Group justify="space-between">
        <Text size="sm">
          {progress ? <CheckedSoFar progress={progress} /> : t`Starting the check…`}
        </Text>
        <Button variant="default" size="xs" onClick={cancelCheck}>
          <Trans>Cancel check</Trans>
        </Button>
      </Group>
      <Progress
        value={progress ? (100 * progress.bytesRead) / Math.max(1, progress.totalBytes) : 0}
        aria-label={t`Check progress`}
        animated
      />
    </Stack>
  );
}

export function CheckStep({ data, goTo }: { data: WizardData; goTo: GoTo }) {
  const { t } = useLingui();
  const { check } = data.state;
  const current = 'basis' in check && check.basis === data.checkBasis;
  const ready = data.checkBasis !== null;

  // Entering the step checks the rows, unless they were checked (or failed) with these choices.
  useEffect(() => {
    if (ready && !current) runCheck(data);
    // Only a change of the choices (the basis) starts another check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, data.checkBasis]);

  return (
    <Stack gap="lg">
      {!ready && <LinesSkeleton lines={3} label={t`Loading the list`} />}
      {current && (check.status === 'parsing' || check.status === 'running') && (
        <CheckProgressBar />
      )}
      {ready && (check.status === 'idle' || !current) && (
        <Alert color="gray" title={t`The rows are not checked`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>Check every row before importing, to know what will happen to it.</Trans>
            </Text>
            <Button size="xs" onClick={() => runCheck(data)}>
              <Trans>Check the rows</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {current && check.status === 'error' && (
        <Alert color="red" title={t`The file could not be checked`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{check.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => runCheck(data)}>
              <Trans>Check again</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {current && check.status === 'complete' && data.list.data && (
        <OnExistingChoice data={data} listId={data.list.data.id} />
      )}
      {current && check.status === 'complete' && (
        <CheckReportView
          report={check.report}
          ignoreInvalidFields={data.state.ignoreInvalidFields}
        />
      )}
      <StepNav
        onBack={() => goTo('columns')}
        onNext={() => goTo('import')}
        nextLabel={t`Next: Import`}
        nextDisabled={!(current && check.status === 'complete')}
      />
    </Stack>
  );
}
