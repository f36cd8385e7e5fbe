import { Trans } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';
import { AcceptedImport } from './accepted-import';
import type { GoTo } from '../wizard/steps';
import { ImportOutcome } from './import-outcome';
import { StepNav } from './step-nav';

export function ResultStep({
  data,
  listId,
  importId,
  goTo,
}: {
  data: WizardData;
  listId: number;
  importId: number;
  goTo: GoTo;
}) {
  const { upload, check } = data.state;
  const accepted =
    upload && upload.listId === listId && upload.record.id === importId ? upload : null;
  const expectedRows =
    accepted && check.status === 'complete' && check.basis === accepted.basis
      ? check.report.rows
      : undefined;

  return (
    <Stack gap="lg">
      {accepted && accepted.record.status === undefined ? (
        <AcceptedImport record={accepted.record} listId={listId} />
      ) : (
        <ImportOutcome
          listId={listId}
          importId={importId}
          {...(accepted ? { fallback: accepted.record } : {})}
          {...(expectedRows !== undefined ? { expectedRows } : {})}
        />
      )}
      <StepNav onBack={accepted ? () => goTo('import') : undefined}>
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} />}
          onClick={() => {
            dispatch({ type: 'reset' });
            goTo('file', { import: null });
          }}
        >
          <Trans>Import another file</Trans>
        </Button>
      </StepNav>
    </Stack>
  );
}
