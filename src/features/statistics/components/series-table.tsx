import { Trans, useLingui } from '@lingui/react/macro';
import { Box } from '@mantine/core';
import type { SeriesInterval } from '../../../api/statistics';
import { PlainTable } from '../../../components/plain-table';
import { formatBucket, formatCount, formatOffset } from '../format';
import { seriesTotals, type OverlayRow } from '../overlay';
import type { LegendSeries } from './series-legend';

/** The table alternative of a time-series chart: one row per bucket, one column per line. */
export function SeriesTable({
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
  const totals = seriesTotals(
    rows,
    series.map((s) => s.key),
  );
  const xHeader = aligned
    ? interval === 'hour'
      ? t`Hours since delivery`
      : t`Days since delivery`
    : interval === 'hour'
      ? t`Hour (UTC)`
      : t`Day (UTC)`;
  return (
    // A focusable scrolling region, so keyboard users can scroll long hourly tables.
    <Box
      mah={320}
      style={{ overflowY: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t`${title}: table`}
    >
      <PlainTable aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{xHeader}</th>
            {series.map((s) => (
              <th scope="col" key={s.key} style={{ textAlign: 'right' }}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.x}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {aligned ? formatOffset(row.x, interval) : formatBucket(row.x, interval)}
              </th>
              {series.map((s) => (
                <td key={s.key} style={{ textAlign: 'right' }}>
                  {row[s.key] === undefined ? '–' : formatCount(row[s.key]!)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            {series.map((s) => (
              <td key={s.key} style={{ textAlign: 'right', fontWeight: 700 }}>
                {formatCount(totals[s.key] ?? 0)}
              </td>
            ))}
          </tr>
        </tfoot>
      </PlainTable>
    </Box>
  );
}
