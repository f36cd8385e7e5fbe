import { Alert, Button, Group, List, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { createCsvFile } from '../../../lib/csv-export';
import { downloadBlob } from '../../../lib/download';
import { summarize, type BulkReport } from './run-bulk';
import { formatCount } from '../../../lib/format';

const SHOWN_FAILURES = 100;

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color}>
        {formatCount(value)}
      </Text>
    </div>
  );
}

/** The outcome per item: done, unchanged, failed with the server's reason, not run. */
export function BulkReportView({ report }: { report: BulkReport }) {
  const summary = summarize(report);
  const failures = report.results.filter((r) => r.outcome === 'failed');
  const download = async () => {
    const file = createCsvFile(['id', 'email', 'outcome', 'reason']);
    await file.add(
      report.results.map((r) => [
        r.target.id,
        r.target.email,
        r.outcome,
        r.outcome === 'failed' ? r.reason : '',
      ]),
    );
    downloadBlob(file.toBlob(), 'bulk-action-report.csv');
  };
  return (
    <Stack gap="sm" role="region" aria-label="Report">
      <SimpleGrid cols={4}>
        <Figure label="Done" value={summary.done} color="teal" />
        <Figure label="Unchanged" value={summary.unchanged} />
        <Figure label="Failed" value={summary.failed} color={summary.failed ? 'red' : undefined} />
        <Figure label="Not run" value={summary.notRun} />
      </SimpleGrid>
      {summary.notRun > 0 && (
        <Text size="sm" c="dimmed">
          Cancelled: {formatCount(summary.notRun)} subscribers were left as they were.
        </Text>
      )}
      {failures.length > 0 && (
        <Alert color="red" title="Failed" p="sm">
          <ScrollArea.Autosize mah={200}>
            <List size="sm" aria-label="Failures">
              {failures.slice(0, SHOWN_FAILURES).map((r) => (
                <List.Item key={r.target.id}>
                  {r.target.email}: {r.outcome === 'failed' ? r.reason : ''}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {failures.length > SHOWN_FAILURES && (
            <Text size="xs" mt="xs">
              And {formatCount(failures.length - SHOWN_FAILURES)} more: download the report.
            </Text>
          )}
        </Alert>
      )}
      <Group>
        <Button variant="subtle" size="xs" onClick={() => void download()}>
          Download the report (CSV)
        </Button>
      </Group>
    </Stack>
  );
}
