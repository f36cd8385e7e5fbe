import { formatBucketDay } from '../format';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NativeSelect, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { GrowthQuery } from '../../../api/overview';
import { growthQueries } from '../queries';

// recharts in its own chunk: the home's figures show before the chart's code arrives.
const GrowthChart = lazy(() => import('./growth-chart').then((m) => ({ default: m.GrowthChart })));

const DAY_MS = 86_400_000;
const DAYS = 30;
const MAX_YEARS = 10;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type ListLife = { id: number; name: string; since: string | null };

/**
 * The period the home charts: the last 30 days by day when the list's history is that
 * recent; otherwise its whole life by month (a list whose movement ended long ago still
 * shows how it grew), at most ten years.
 */
export function periodOf(since: string | null, now = Date.now()): GrowthQuery & { label: string } {
  const recent = dayOf(now - (DAYS - 1) * DAY_MS);
  if (since === null || since >= recent) {
    return {
      from: recent,
      interval: 'day',
      label: plural(DAYS, { one: 'last day', other: 'last # days' }),
    };
  }
  const earliest = dayOf(now - MAX_YEARS * 365 * DAY_MS);
  const from = since > earliest ? since : earliest;
  const sinceDay = formatBucketDay(from);
  return { from, interval: 'month', label: t`per month since ${sinceDay}` };
}

/** One list's growth (the home's audience card), the list chosen in a select. */
export function ListGrowthPanel({ lists }: { lists: ListLife[] }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState(lists[0]?.id);
  const list = lists.find((l) => l.id === chosen) ?? lists[0];
  const { label, ...query } = periodOf(list?.since ?? null);
  const { data } = useQuery({
    ...growthQueries.list(list?.id ?? 0, query),
    enabled: list !== undefined,
  });
  if (!list) return null;
  const name = list.name;
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t`Growth of the list`}
        value={String(list.id)}
        onChange={(e) => setChosen(Number(e.currentTarget.value))}
        data={lists.map((l) => ({ value: String(l.id), label: l.name }))}
        maw={320}
      />
      {data?.supported && (
        <Suspense fallback={<Skeleton height={260} />}>
          <GrowthChart
            title={t`Growth of ${name}, ${label}`}
            interval={query.interval ?? 'day'}
            series={[{ listId: list.id, name: list.name, buckets: data.data }]}
          />
        </Suspense>
      )}
    </Stack>
  );
}
