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
  const limitNote =
    view !== 'repeated' && report.strict.invalid > KEPT_PROBLEM_ROWS
      ? `The first ${formatCount(KEPT_PROBLEM_ROWS)} rows with invalid values are listed.`
      : view === 'repeated' && counts.repeated > report.repeatedRows.length
        ? `The first ${formatCount(report.repeatedRows.length)} repeated rows are listed.`
        : '';
  const byField = Object.entries(report.problemsByField).sort((a, b) => b[1] - a[1]);
  return (
    <Stack gap="sm">
      {byField.length > 0 && (
        <Text size="sm">
          Invalid values by field:{' '}
          {byField.map(([field, n]) => `${field} ${formatCount(n)}`).join(' · ')}
        </Text>
      )}
      <SegmentedControl
        aria-label="Rows to show"
        value={view}
        onChange={(v) => {
          setView(v as View);
          setPage(1);
        }}
        data={[
          { value: 'invalid', label: `Invalid (${formatCount(counts.invalid)})` },
          ...(ignoreInvalidFields
            ? [
                {
                  value: 'dropped',
                  label: `Values left out (${formatCount(report.lenient.withDroppedValues)})`,
                },
              ]
            : []),
          { value: 'repeated', label: `Repeated (${formatCount(counts.repeated)})` },
        ]}
        w="fit-content"
      />
      <Table.ScrollContainer minWidth={560}>
        <Table
          aria-label={
            view === 'repeated'
              ? 'Repeated rows'
              : view === 'dropped'
                ? 'Rows with values left out'
                : 'Invalid rows'
          }
          verticalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Row</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>{view === 'repeated' ? 'Why' : 'Problems'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageRows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>
                  {r.email || (
                    <Text span c="dimmed">
                      (empty)
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
                    <Text size="sm">An earlier row has this address; that one is imported.</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          None.
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
