import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { CheckReport } from '../check/csv-check';
import { formatCount } from '../../../lib/format';
import { dispatch } from '../wizard/store';
import { ProblemRowsTable } from './problem-rows-table';
import { Figure } from './figure';

const rows = (n: number) => plural(n, { one: '# row', other: '# rows' });

/** What the import will do with every row, under the chosen `ignore_invalid_fields`. */
export function CheckReportView({
  report,
  ignoreInvalidFields,
}: {
  report: CheckReport;
  ignoreInvalidFields: boolean;
}) {
  const { t } = useLingui();
  const counts = ignoreInvalidFields ? report.lenient : report.strict;
  const invalidStrict = report.strict.invalid;
  // Rows rejected with the setting off that its being on lets in (the rest stay rejected).
  const rescued = invalidStrict - report.lenient.invalid;
  const blankRows = rows(report.blankRows);
  const blank = t`${blankRows} without any value are skipped.`;
  const rescuedRows = rows(rescued);
  const invalidCount = formatCount(invalidStrict);
  const invalidRows = rows(invalidStrict);
  const stillRejected = rows(report.lenient.invalid);
  const dropped = report.lenient.droppedValues;
  const droppedValues = plural(dropped, {
    one: '# invalid value',
    other: '# invalid values',
  });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Figure label={t`Rows`} value={report.rows} />
        <Figure label={t`Valid`} value={counts.valid} color="teal" />
        <Figure
          label={t`Invalid`}
          value={counts.invalid}
          color={counts.invalid ? 'red' : undefined}
        />
        <Figure
          label={t`Repeated in the file`}
          value={counts.repeated}
          color={counts.repeated ? 'orange' : undefined}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        <Trans>
          Valid rows become subscribers, except addresses already in the list, which are left as
          they are (only the server knows them). A repeated address counts once: the first valid row
          with it is imported.
        </Trans>
        {report.blankRows > 0 && ` ${blank}`}
      </Text>

      {invalidStrict > 0 && (
        <Paper withBorder p="md">
          <Switch
            label={t`Import rows with invalid values, leaving those values out (ignore_invalid_fields)`}
            checked={ignoreInvalidFields}
            onChange={(e) =>
              dispatch({ type: 'ignoreInvalidFieldsChanged', value: e.currentTarget.checked })
            }
          />
          <Text size="sm" mt="xs" aria-live="polite">
            {ignoreInvalidFields
              ? t`On: ${rescuedRows} of the ${invalidCount} invalid ones are imported without their ${droppedValues}; ${stillRejected} stay rejected (no valid email, or a required field is invalid).`
              : t`Off: all ${invalidRows} with an invalid value are rejected. Turned on, ${rescuedRows} of them would be imported without their invalid values and ${stillRejected} would still be rejected.`}
          </Text>
        </Paper>
      )}

      {report.rows === 0 && (
        <Alert color="yellow" title={t`No rows to import`}>
          <Trans>The file has no data rows.</Trans>
        </Alert>
      )}
      <ProblemRowsTable report={report} ignoreInvalidFields={ignoreInvalidFields} />
    </Stack>
  );
}
