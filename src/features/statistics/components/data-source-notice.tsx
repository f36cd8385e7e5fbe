import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { BROWSER_CAP } from '../chart-data';
import { formatCount, formatPercent } from '../format';
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
  const { t } = useLingui();
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  const shownPercent = formatPercent(Math.round(percent) / 100);
  const done = formatCount(progress?.done ?? 0);
  const total = formatCount(progress?.total ?? 0);
  const cap = formatCount(BROWSER_CAP);
  const maxMailings = formatCount(MAX_LIST_MAILINGS);
  return (
    <Stack gap="xs">
      {progress && (
        <Alert color="blue" variant="light" title={t`Counting records in your browser`}>
          <Stack gap={6}>
            <Text size="sm">
              {progress.total === 0 ? (
                <Trans>
                  This server has no chart extension, so the charts are counted from the raw
                  records: starting…
                </Trans>
              ) : (
                <Trans>
                  This server has no chart extension, so the charts are counted from the raw
                  records: {done} of {total} read.
                </Trans>
              )}
            </Text>
            <Progress value={percent} aria-label={t`Counting records: ${shownPercent}`} animated />
          </Stack>
        </Alert>
      )}
      {!progress && source === 'browser' && (
        <Text size="sm" c="dimmed">
          <Trans>
            Charts counted in your browser from the raw records (this server has no chart
            extension), at most {cap} records per kind and mailing.
          </Trans>
        </Text>
      )}
      {truncated && (
        <Alert color="yellow" variant="light" title={t`Only part of the records was counted`}>
          <Trans>
            Some series have more than {cap} records; the charts show the first {cap} of each (the
            earliest). The headline numbers are exact. Narrow the period or choose mailings to see
            everything.
          </Trans>
        </Alert>
      )}
      {capped && (
        <Alert color="yellow" variant="light">
          <Trans>
            This list has more than {maxMailings} mailings; the sum covers the first {maxMailings}.
            Choose mailings to compare specific ones.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}
