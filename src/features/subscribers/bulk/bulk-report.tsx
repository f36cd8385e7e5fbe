import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const summary = summarize(report);
  const notRun = formatCount(summary.notRun);
  const failures = report.results.filter((r) => r.outcome === 'failed');
  const more = formatCount(failures.length - SHOWN_FAILURES);
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
    <Stack gap="sm" role="region" aria-label={t`Report`}>
      <SimpleGrid cols={4}>
        <Figure label={t`Done`} value={summary.done} color="teal" />
        <Figure label={t`Unchanged`} value={summary.unchanged} />
        <Figure
          label={t`Failed`}
          value={summary.failed}
          color={summary.failed ? 'red' : undefined}
        />
        <Figure label={t`Not run`} value={summary.notRun} />
      </SimpleGrid>
      {summary.notRun > 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Cancelled: {notRun} subscribers were left as they were.</Trans>
        </Text>
      )}
      {failures.length > 0 && (
        <Alert color="red" title={t`Failed`} p="sm">
          <ScrollArea.Autosize mah={200}>
            <List size="sm" aria-label={t`Failures`}>
              {failures.slice(0, SHOWN_FAILURES).map((r) => (
                <List.Item key={r.target.id}>
                  {r.target.email}: {r.outcome === 'failed' ? r.reason : ''}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {failures.length > SHOWN_FAILURES && (
            <Text size="xs" mt="xs">
              <Trans>And {more} more: download the report.</Trans>
            </Text>
          )}
        </Alert>
      )}
      <Group>
        <Button variant="subtle" size="xs" onClick={() => void download()}>
          <Trans>Download the report (CSV)</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
