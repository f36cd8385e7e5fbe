import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { SeriesInterval, StatisticKind } from '../../../api/statistics';
import { EmptyState, ErrorState } from '../../../components/states';
import { mergeTopUrls } from '../aggregate';
import type { ChartData } from '../chart-data';
import { formatCount } from '../format';
import type { Headline } from '../headline';
import { overlayByOffset, overlayByTime, seriesTotals } from '../overlay';
import type { TimeWindow } from '../time-window';
import { BounceSplitChart, BounceSplitTable } from './bounce-split-chart';
import { ChartCard } from './chart-card';
import { SeriesTable } from './series-table';
import { TimeSeriesChart } from './time-series-chart';
import { TopUrlsChart, TopUrlsTable } from './top-urls-chart';

export type ChartGroup = {
  key: string;
  label: string;
  chartData: ChartData | undefined;
  headline: Headline | undefined;
  deliveredAt?: number;
};

export type ChartsStatus = {
  loaded: boolean;
  stale: boolean;
  error: unknown;
  retry: () => void;
};

const titles: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`Opens over time`,
  clicks: msg`Clicks over time`,
  bounces: msg`Bounces over time`,
};

/** `3 opens`, `3 unique clicks`: how many records a chart counts. */
function counted(kind: StatisticKind, unique: boolean, n: number) {
  switch (kind) {
    case 'opens':
      return unique
        ? plural(n, { one: '# unique open', other: '# unique opens' })
        : plural(n, { one: '# open', other: '# opens' });
    case 'clicks':
      return unique
        ? plural(n, { one: '# unique click', other: '# unique clicks' })
        : plural(n, { one: '# click', other: '# clicks' });
    case 'bounces':
      return unique
        ? plural(n, { one: '# unique bounce', other: '# unique bounces' })
        : plural(n, { one: '# bounce', other: '# bounces' });
  }
}

/**
 * The five charts: opens, clicks and bounces over time, hard vs soft, top links. Cards stay
 * mounted while data loads (so a card switched to its table stays a table); captions say
 * "Updating…" while the previous filters' numbers are still shown.
 */
export function ChartsSection({
  groups,
  status,
  headlinesStale,
  interval,
  window,
  now,
  aligned,
  unique,
  url,
  onSelectUrl,
}: {
  groups: ChartGroup[];
  status: ChartsStatus;
  headlinesStale: boolean;
  interval: SeriesInterval;
  window: TimeWindow;
  now: number;
  aligned: boolean;
  unique: boolean;
  url: string | undefined;
  onSelectUrl: (url: string) => void;
}) {
  const { t, i18n } = useLingui();
  if (status.error && !status.loaded)
    return <ErrorState error={status.error} onRetry={status.retry} />;
  const series = groups.map((g) => ({ key: g.key, label: g.label }));
  const per = aligned
    ? interval === 'hour'
      ? t`per hour since delivery`
      : t`per day since delivery`
    : interval === 'hour'
      ? t`per hour`
      : t`per day`;
  const UPDATING = t`Updating…`;
  const loading = (
    <Skeleton height={260} radius="sm" role="progressbar" aria-busy aria-label={t`Loading chart`} />
  );

  const timeCard = (kind: StatisticKind) => {
    const title = i18n._(titles[kind]);
    if (!status.loaded)
      return <ChartCard key={kind} title={title} chart={loading} table={loading} />;
    const input = groups.map((g) => ({
      key: g.key,
      points: g.chartData!.series[kind],
      deliveredAt: g.deliveredAt,
    }));
    const rows = aligned
      ? overlayByOffset(input, interval, window, now)
      : overlayByTime(input, interval, window, now);
    const totals = seriesTotals(
      rows,
      series.map((s) => s.key),
    );
    const sum = Object.values(totals).reduce((a, b) => a + b, 0);
    const total = counted(kind, unique, sum);
    return (
      <ChartCard
        key={kind}
        title={title}
        summary={status.stale ? UPDATING : t`${total} in total, ${per} (UTC)`}
        chart={
          rows.length === 0 ? (
            <EmptyState title={t`Nothing to show in this period`} />
          ) : (
            <TimeSeriesChart
              title={title}
              rows={rows}
              series={series}
              interval={interval}
              aligned={aligned}
            />
          )
        }
        table={
          <SeriesTable
            title={title}
            rows={rows}
            series={series}
            interval={interval}
            aligned={aligned}
          />
        }
      />
    );
  };

  const headlinesLoaded = groups.every((g) => g.headline);
  const bounceRows = groups.map((g) => ({
    key: g.key,
    label: g.label,
    hard: g.headline?.bounces.hard ?? 0,
    soft: g.headline?.bounces.soft ?? 0,
  }));
  const hardTotal = bounceRows.reduce((a, r) => a + r.hard, 0);
  const softTotal = bounceRows.reduce((a, r) => a + r.soft, 0);
  const hard = formatCount(hardTotal);
  const soft = formatCount(softTotal);
  const urls = status.loaded ? mergeTopUrls(groups.map((g) => g.chartData!.urls)) : [];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {timeCard('opens')}
        {timeCard('clicks')}
        {timeCard('bounces')}
        <ChartCard
          title={t`Hard and soft bounces`}
          summary={
            !headlinesLoaded
              ? undefined
              : headlinesStale
                ? UPDATING
                : unique
                  ? t`${hard} hard, ${soft} soft unique bounces`
                  : t`${hard} hard, ${soft} soft bounces`
          }
          chart={headlinesLoaded ? <BounceSplitChart rows={bounceRows} /> : loading}
          table={headlinesLoaded ? <BounceSplitTable rows={bounceRows} /> : loading}
        />
      </SimpleGrid>
      <ChartCard
        title={t`Top clicked links`}
        summary={
          status.stale
            ? UPDATING
            : url
              ? t`Showing the clicks on the highlighted link; choose it again to show all links.`
              : t`Choose a bar to see the clicks on that link.`
        }
        chart={
          !status.loaded ? (
            loading
          ) : urls.length === 0 ? (
            <EmptyState title={t`No clicks in this period`} />
          ) : (
            <TopUrlsChart urls={urls} selected={url} onSelect={onSelectUrl} />
          )
        }
        table={
          status.loaded ? (
            <TopUrlsTable urls={urls} selected={url} onSelect={onSelectUrl} />
          ) : (
            loading
          )
        }
        note={
          groups.length > 1 ? (
            <Text size="xs" c="dimmed" mt="xs">
              <Trans>Links of all shown mailings together.</Trans>
            </Text>
          ) : undefined
        }
      />
    </Stack>
  );
}
