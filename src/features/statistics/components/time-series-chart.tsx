import { useLingui } from '@lingui/react/macro';
import { useComputedColorScheme } from '@mantine/core';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Symbols,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SeriesInterval } from '../../../api/statistics';
import { formatBucket, formatCount, formatOffset, formatTick } from '../format';
import type { OverlayRow } from '../overlay';
import { seriesStyle } from '../palette';
import { axisProps, tooltipStyle } from './chart-theme';
import { SeriesLegend, type LegendSeries } from './series-legend';

/** Markers on about a dozen points per line: enough to tell lines apart, not a crowd. */
const MARKERS_PER_LINE = 12;

/**
 * Counts over time, one line per series (mailing), each with its own colour, dash and
 * marker. `aligned`: x is hours/days since each mailing's delivery instead of a time.
 */
export function TimeSeriesChart({
  title,
  rows,
  series,
  interval,
  aligned,
}: {
  title: string;
  rows: OverlayRow[];
  series: LegendSeries[];
  interval: SeriesInterval;
  aligned: boolean;
}) {
  const { t } = useLingui();
  const scheme = useComputedColorScheme('light');
  const description = aligned
    ? interval === 'hour'
      ? t`${title}, per hour since delivery (UTC). The table view lists every value.`
      : t`${title}, per day since delivery (UTC). The table view lists every value.`
    : interval === 'hour'
      ? t`${title}, per hour (UTC). The table view lists every value.`
      : t`${title}, per day (UTC). The table view lists every value.`;
  const every = Math.max(1, Math.ceil(rows.length / MARKERS_PER_LINE));
  const formatX = (x: number) => (aligned ? formatOffset(x, interval) : formatBucket(x, interval));
  return (
    <>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart
          data={rows}
          title={title}
          desc={description}
          margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        >
          <CartesianGrid stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
          <XAxis
            {...axisProps}
            dataKey="x"
            type="number"
            domain={['dataMin', 'dataMax']}
            allowDecimals={false}
            tickFormatter={(x: number) =>
              aligned ? formatOffset(x, interval) : formatTick(x, interval)
            }
          />
          <YAxis {...axisProps} allowDecimals={false} width={52} tickFormatter={formatCount} />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(x) => formatX(Number(x))}
            formatter={(value) => formatCount(Number(value))}
          />
          {series.map((s, i) => {
            const style = seriesStyle(i, scheme);
            return (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                type="linear"
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash || undefined}
                isAnimationActive={false}
                connectNulls={false}
                activeDot={{ r: 5 }}
                dot={({ cx, cy, index }) =>
                  index % every === 0 && cx !== undefined && cy !== undefined ? (
                    <Symbols
                      key={`${s.key}-${index}`}
                      cx={cx}
                      cy={cy}
                      type={style.marker}
                      size={48}
                      fill={style.color}
                    />
                  ) : (
                    <g key={`${s.key}-${index}`} />
                  )
                }
              />
            );
          })}
        </LineChart>
      </ResponsiveContainer>
      <SeriesLegend series={series} />
    </>
  );
}
