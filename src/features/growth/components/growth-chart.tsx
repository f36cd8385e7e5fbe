import { formatBucketTick, type GrowthInterval } from '../format';
import { useLingui } from '@lingui/react/macro';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../../lib/format';
import { churnOf, type ListGrowth } from '../growth-csv';

const axis = {
  stroke: 'var(--mantine-color-default-border)',
  tick: { fill: 'var(--mantine-color-text)', fontSize: 12 },
  tickLine: false,
} as const;
const tooltip = {
  contentStyle: {
    background: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    color: 'var(--mantine-color-text)',
    fontSize: 13,
  },
} as const;
/** Distinct in both schemes and told apart by dash too, never by colour alone. */
const LINE_COLORS = [
  'var(--mantine-color-blue-6)',
  'var(--mantine-color-grape-6)',
  'var(--mantine-color-teal-7)',
  'var(--mantine-color-orange-7)',
];
const DASHES = ['', '6 3', '2 2', '8 3 2 3'];

/**
 * Growth and churn over time: bars of new subscriptions (up) and of people who left (down),
 * summed over the lists, and one line per list of its active subscribers (right axis).
 */
export function GrowthChart({
  title,
  series,
  interval,
}: {
  title: string;
  series: ListGrowth[];
  interval: GrowthInterval;
}) {
  const { t } = useLingui();
  const tick = (bucket: unknown) => formatBucketTick(String(bucket), interval);
  const buckets = series[0]?.buckets ?? [];
  const rows = buckets.map((b, i) => {
    const row: Record<string, number | string> = { bucket: b.bucket, joined: 0, left: 0 };
    for (const s of series) {
      const own = s.buckets[i];
      if (!own) continue;
      row.joined = Number(row.joined) + own.subscribed;
      row.left = Number(row.left) - churnOf(own);
      row[`active_${s.listId}`] = own.active;
    }
    return row;
  });
  const activeOf = (name: string) => t`Active: ${name}`;
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart
        data={rows}
        title={title}
        desc={t`${title}: new subscriptions and people who left per period, and active subscribers (UTC).`}
        margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
      >
        <CartesianGrid stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
        <XAxis {...axis} dataKey="bucket" minTickGap={24} tickFormatter={tick} />
        <YAxis
          {...axis}
          yAxisId="moves"
          allowDecimals={false}
          width={48}
          tickFormatter={formatCount}
        />
        <YAxis
          {...axis}
          yAxisId="active"
          orientation="right"
          allowDecimals={false}
          width={56}
          tickFormatter={formatCount}
        />
        <Tooltip
          {...tooltip}
          labelFormatter={tick}
          formatter={(value) => formatCount(Math.abs(Number(value)))}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar
          yAxisId="moves"
          dataKey="joined"
          name={t`Subscribed`}
          fill="var(--mantine-color-green-7)"
          isAnimationActive={false}
        />
        <Bar
          yAxisId="moves"
          dataKey="left"
          name={t`Left`}
          fill="var(--mantine-color-red-7)"
          isAnimationActive={false}
        />
        {series.map((s, i) => (
          <Line
            key={s.listId}
            yAxisId="active"
            dataKey={`active_${s.listId}`}
            name={activeOf(s.name)}
            stroke={LINE_COLORS[i % LINE_COLORS.length]}
            strokeDasharray={DASHES[i % DASHES.length] || undefined}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
