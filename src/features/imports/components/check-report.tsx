import { Alert, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { CheckReport } from '../check/csv-check';
import { formatCount } from '../../../lib/format';
import { dispatch } from '../wizard/store';
import { ProblemRowsTable } from './problem-rows-table';
import { Figure } from './figure';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** What the import will do with every row, under the chosen `ignore_invalid_fields`. */
export function CheckReportView({
  report,
  ignoreInvalidFields,
}: {
  report: CheckReport;
  ignoreInvalidFields: boolean;
}) {
  const counts = ignoreInvalidFields ? report.lenient : report.strict;
  const invalidStrict = report.strict.invalid;
  // Rows rejected with the setting off that its being on lets in (the rest stay rejected).
  const rescued = invalidStrict - report.lenient.invalid;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Figure label="Rows" value={report.rows} />
        <Figure label="Valid" value={counts.valid} color="teal" />
        <Figure label="Invalid" value={counts.invalid} color={counts.invalid ? 'red' : undefined} />
        <Figure
          label="Repeated in the file"
          value={counts.repeated}
          color={counts.repeated ? 'orange' : undefined}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Valid rows become subscribers, except addresses already in the list, which are left as they
        are (only the server knows them). A repeated address counts once: the first valid row with
        it is imported.
        {report.blankRows > 0 && ` ${rows(report.blankRows)} without any value are skipped.`}
      </Text>

      {invalidStrict > 0 && (
        <Paper withBorder p="md">
          <Switch
            label="Import rows with invalid values, leaving those values out (ignore_invalid_fields)"
            checked={ignoreInvalidFields}
            onChange={(e) =>
              dispatch({ type: 'ignoreInvalidFieldsChanged', value: e.currentTarget.checked })
            }
          />
          <Text size="sm" mt="xs" aria-live="polite">
            {ignoreInvalidFields
              ? `On: ${rows(rescued)} of the ${formatCount(invalidStrict)} invalid ones are imported without their ${formatCount(report.lenient.droppedValues)} invalid ${report.lenient.droppedValues === 1 ? 'value' : 'values'}; ${rows(report.lenient.invalid)} stay rejected (no valid email, or a required field is invalid).`
              : `Off: all ${rows(invalidStrict)} with an invalid value are rejected. Turned on, ${rows(rescued)} of them would be imported without their invalid values and ${rows(report.lenient.invalid)} would still be rejected.`}
          </Text>
        </Paper>
      )}

      {report.rows === 0 && (
        <Alert color="yellow" title="No rows to import">
          The file has no data rows.
        </Alert>
      )}
      <ProblemRowsTable report={report} ignoreInvalidFields={ignoreInvalidFields} />
    </Stack>
  );
}
