import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { BROWSER_CAP } from '../chart-data';
import { formatCount } from '../format';
import { useProgress } from '../progress-store';
import { MAX_LIST_MAILINGS } from '../scope';

/**
 * Where the chart numbers come from. Without the server's series extensions they are
 * counted here from the raw records, with a progress bar and a stated cap.
 */
export function DataSourceNotice({
  progressKeys,
  source,
  truncated,
  capped,
}: {
  progressKeys: readonly QueryKey[];
  source: 'server' | 'browser';
  truncated: boolean;
  capped: boolean;
}) {
  const progress = useProgress(progressKeys);
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <Stack gap="xs">
      {progress && (
        <Alert color="blue" variant="light" title="Counting records in your browser">
          <Stack gap={6}>
            <Text size="sm">
              This server has no chart extension, so the charts are counted from the raw records:{' '}
              {progress.total === 0
                ? 'starting…'
                : `${formatCount(progress.done)} of ${formatCount(progress.total)} read.`}
            </Text>
            <Progress
              value={percent}
              aria-label={`Counting records: ${Math.round(percent)}%`}
              animated
            />
          </Stack>
        </Alert>
      )}
      {!progress && source === 'browser' && (
        <Text size="sm" c="dimmed">
          Charts counted in your browser from the raw records (this server has no chart extension),
          at most {formatCount(BROWSER_CAP)} records per kind and mailing.
        </Text>
      )}
      {truncated && (
        <Alert color="yellow" variant="light" title="Only part of the records was counted">
          Some series have more than {formatCount(BROWSER_CAP)} records; the charts show the first{' '}
          {formatCount(BROWSER_CAP)} of each (the earliest). The headline numbers are exact. Narrow
          the period or choose mailings to see everything.
        </Alert>
      )}
      {capped && (
        <Alert color="yellow" variant="light">
          This list has more than {MAX_LIST_MAILINGS} mailings; the sum covers the first{' '}
          {MAX_LIST_MAILINGS}. Choose mailings to compare specific ones.
        </Alert>
      )}
    </Stack>
  );
}
