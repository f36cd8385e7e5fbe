import { formatBucketDay } from '../format';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GrowthQuery } from '../../../api/overview';
import { listQueries } from '../../../api/shared-queries';
import { PlainTable } from '../../../components/plain-table';
import { ErrorState } from '../../../components/states';
import { downloadBlob } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { growthCsv, type ListGrowth } from '../growth-csv';
import { growthQueries } from '../queries';
import { UnsubscribesDialog } from './unsubscribes-dialog';

const GrowthChart = lazy(() => import('./growth-chart').then((m) => ({ default: m.GrowthChart })));

const INTERVALS = ['day', 'week', 'month'] as const;
type Interval = (typeof INTERVALS)[number];
const intervalLabels: Record<Interval, MessageDescriptor> = {
  day: msg`day`,
  week: msg`week`,
  month: msg`month`,
};
const columns = [
  msg`List`,
  msg`Period (UTC)`,
  msg`Subscribed`,
  msg`Confirmed`,
  msg`Unsubscribed`,
  msg`Bounced`,
  msg`Complaints`,
  msg`Active`,
];
const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The view in the URL (docs/architecture.md §3.5): `growth_list` (repeated), `growth_from`, `growth_to`, `growth_interval`. */
function useGrowthView() {
  const [params, setParams] = useSearchParams();
  const lists = params
    .getAll('growth_list')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const from = params.get('growth_from') ?? '';
  const to = params.get('growth_to') ?? '';
  const rawInterval = params.get('growth_interval');
  const interval: Interval = INTERVALS.includes(rawInterval as Interval)
    ? (rawInterval as Interval)
    : 'day';
  const update = (change: { lists?: number[]; from?: string; to?: string; interval?: Interval }) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (change.lists) {
          next.delete('growth_list');
          for (const id of change.lists) next.append('growth_list', String(id));
        }
        for (const [key, value] of [
          ['growth_from', change.from],
          ['growth_to', change.to],
          ['growth_interval', change.interval],
        ] as const) {
          if (value === undefined) continue;
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { lists, from, to, interval, update };
}

/**
 * Growth and churn of one or several lists over a period (issue 56), on the statistics
 * screen: a chart, the figures per bucket with the people behind a day's unsubscribes, and a
 * CSV export.
 */
export function GrowthSection() {
  const { t, i18n } = useLingui();
  const view = useGrowthView();
  const everyList = useQuery(listQueries.everyList());
  const [who, setWho] = useState<{ listId: number; name: string; day: string }>();
  const known = everyList.data ?? [];
  // Only lists the caller sees: another id in the URL is left out, not asked for.
  const visible = view.lists.filter((id) => known.some((l) => l.id === id));
  const chosen = visible.length > 0 ? visible : known.slice(0, 1).map((l) => l.id);
  const query: GrowthQuery = {
    from: DATE.test(view.from) ? view.from : day(29),
    to: DATE.test(view.to) ? view.to : day(0),
    interval: view.interval,
  };
  const results = useQueries({
    queries: chosen.map((id) => growthQueries.list(id, query)),
  });
  const series: ListGrowth[] = chosen.flatMap((listId, i) => {
    const result = results[i]?.data;
    if (!result?.supported) return [];
    return [
      {
        listId,
        name: known.find((l) => l.id === listId)?.name ?? t`List ${listId}`,
        buckets: result.data,
      },
    ];
  });
  const whoLeft = (name: string, bucket: string) => {
    const shownDay = formatBucketDay(bucket);
    return t`Who unsubscribed from ${name} on ${shownDay}`;
  };
  const failed = results.find((r) => r.error)?.error;
  if (results.some((r) => r.data && !r.data.supported)) return null;

  return (
    <Paper component="section" aria-labelledby="growth-title" withBorder p="md" radius="md" mt="xl">
      <Stack gap="sm">
        <Title order={2} size="h3" id="growth-title">
          <Trans>Audience growth and churn</Trans>
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MultiSelect
            label={t`Lists`}
            data={known.map((l) => ({ value: String(l.id), label: l.name }))}
            value={chosen.map(String)}
            onChange={(values) => view.update({ lists: values.map(Number) })}
            searchable
            maxValues={8}
            miw={240}
          />
          <TextInput
            type="date"
            label={t`From`}
            value={query.from}
            onChange={(e) => view.update({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t`To`}
            value={query.to}
            onChange={(e) => view.update({ to: e.currentTarget.value })}
          />
          <NativeSelect
            label={t`Per`}
            value={view.interval}
            data={INTERVALS.map((i) => ({ value: i, label: i18n._(intervalLabels[i]) }))}
            onChange={(e) => view.update({ interval: e.currentTarget.value as Interval })}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={series.length === 0}
            onClick={async () =>
              downloadBlob(await growthCsv(series), `growth-${query.from}-${query.to}.csv`)
            }
          >
            <Trans>Export growth CSV</Trans>
          </Button>
        </Group>
        {failed ? <ErrorState error={failed} /> : null}
        {series.length > 0 && (
          <Suspense fallback={<Skeleton height={260} />}>
            <GrowthChart title={t`Growth and churn`} series={series} interval={view.interval} />
          </Suspense>
        )}
        {series.length > 0 && (
          <PlainTable aria-label={t`Growth per period`} minWidth={640}>
            <thead>
              <tr>
                {columns.map((h) => (
                  <th scope="col" key={h.id}>
                    {i18n._(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.flatMap((s) =>
                s.buckets
                  .filter(
                    (b) =>
                      b.subscribed || b.confirmed || b.unsubscribed || b.bounced || b.complained,
                  )
                  .map((b) => (
                    <tr key={`${s.listId}-${b.bucket}`}>
                      <td>{s.name}</td>
                      <td>{formatBucketDay(b.bucket)}</td>
                      <td>{formatCount(b.subscribed)}</td>
                      <td>{formatCount(b.confirmed)}</td>
                      <td>
                        {b.unsubscribed > 0 && view.interval === 'day' ? (
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            aria-label={whoLeft(s.name, b.bucket)}
                            onClick={() =>
                              setWho({ listId: s.listId, name: s.name, day: b.bucket })
                            }
                          >
                            {formatCount(b.unsubscribed)}
                          </Button>
                        ) : (
                          formatCount(b.unsubscribed)
                        )}
                      </td>
                      <td>{formatCount(b.bounced)}</td>
                      <td>{formatCount(b.complained)}</td>
                      <td>{formatCount(b.active)}</td>
                    </tr>
                  )),
              )}
            </tbody>
          </PlainTable>
        )}
      </Stack>
      {who && (
        <UnsubscribesDialog
          listId={who.listId}
          listName={who.name}
          day={who.day}
          onClose={() => setWho(undefined)}
        />
      )}
    </Paper>
  );
}
