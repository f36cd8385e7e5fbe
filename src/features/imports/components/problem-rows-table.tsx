import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { CheckReport } from '../check/csv-check';
import { KEPT_PROBLEM_ROWS } from '../check/limits';
import { TableFooter } from '../../../components/table-footer';
import { formatCount } from '../../../lib/format';

const PAGE = 25;
type View = 'invalid' | 'dropped' | 'repeated';

/** The rows that will not be imported as they are, with their reasons. */
export function ProblemRowsTable({
  report,
  ignoreInvalidFields,
}: {
  report: CheckReport;
  ignoreInvalidFields: boolean;
}) {
  const { t } = useLingui();
  const [chosen, setView] = useState<View>('invalid');
  const [page, setPage] = useState(1);
  const view: View = chosen === 'dropped' && !ignoreInvalidFields ? 'invalid' : chosen;

  const invalid = report.problemRows.filter((r) => !ignoreInvalidFields || r.rejected);
  const dropped = report.problemRows.filter((r) => ignoreInvalidFields && !r.rejected);
  const repeated = report.repeatedRows.filter((r) => (ignoreInvalidFields ? r.lenient : r.strict));
  const shown = { invalid, dropped, repeated }[view];
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pages);
  const pageRows = shown.slice((current - 1) * PAGE, current * PAGE);
  const counts = ignoreInvalidFields ? report.lenient : report.strict;
  if (report.strict.invalid === 0 && counts.repeated === 0) return null;

  // The check keeps only the first rows of each kind; say so where more were found.
  const kept = formatCount(KEPT_PROBLEM_ROWS);
  const keptRepeated = formatCount(report.repeatedRows.length);
  const limitNote =
    view !== 'repeated' && report.strict.invalid > KEPT_PROBLEM_ROWS
      ? t`The first ${kept} rows with invalid values are listed.`
      : view === 'repeated' && counts.repeated > report.repeatedRows.length
        ? t`The first ${keptRepeated} repeated rows are listed.`
        : '';
  const invalidCount = formatCount(counts.invalid);
  const droppedCount = formatCount(report.lenient.withDroppedValues);
  const repeatedCount = formatCount(counts.repeated);
  const byFieldText = Object.entries(report.problemsByField)
    .sort((a, b) => b[1] - a[1])
    .map(([field, n]) => `${field} ${formatCount(n)}`)
    .join(' · ');
  const byField = Object.keys(report.problemsByField);
  return (
    <Stack gap="sm">
      {byField.length > 0 && (
        <Text size="sm">
          <Trans>Invalid values by field: {byFieldText}</Trans>
        </Text>
      )}
      <SegmentedControl
        aria-label={t`Rows to show`}
        value={view}
        onChange={(v) => {
          setView(v as View);
          setPage(1);
        }}
        data={[
          { value: 'invalid', label: t`Invalid (${invalidCount})` },
          ...(ignoreInvalidFields
            ? [
                {
                  value: 'dropped',
                  label: t`Values left out (${droppedCount})`,
                },
              ]
            : []),
          { value: 'repeated', label: t`Repeated (${repeatedCount})` },
        ]}
        w="fit-content"
      />
      <Table.ScrollContainer minWidth={560}>
        <Table
          aria-label={
            view === 'repeated'
              ? t`Repeated rows`
              : view === 'dropped'
                ? t`Rows with values left out`
                : t`Invalid rows`
          }
          verticalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>
                <Trans>Row</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Email</Trans>
              </Table.Th>
              <Table.Th>{view === 'repeated' ? t`Why` : t`Problems`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageRows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>
                  {r.email || (
                    <Text span c="dimmed">
                      <Trans>(empty)</Trans>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {'problems' in r ? (
                    <List size="sm" listStyleType="none">
                      {r.problems.map((p, i) => (
                        <List.Item key={i}>
                          <Group gap={6} wrap="nowrap" align="baseline">
                            <Badge
                              size="sm"
                              variant="light"
                              color={view === 'dropped' ? 'yellow' : 'red'}
                              tt="none"
                            >
                              {p.field}
                            </Badge>
                            <Text size="sm">
                              {p.message}
                              {p.value && !p.message.includes(`"${p.value}"`) && (
                                <Text span c="dimmed" size="sm">
                                  {' '}
                                  (“{p.value}”)
                                </Text>
                              )}
                            </Text>
                          </Group>
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm">
                      <Trans>An earlier row has this address; that one is imported.</Trans>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>None.</Trans>
        </Text>
      )}
      {limitNote && (
        <Text size="xs" c="dimmed">
          {limitNote}
        </Text>
      )}
      {shown.length > 0 && (
        <TableFooter count={shown.length} page={current} pageSize={PAGE} onPage={setPage} />
      )}
    </Stack>
  );
}
