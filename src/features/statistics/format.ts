import { t } from '@lingui/core/macro';
import type { SeriesInterval } from '../../api/statistics';
import { dateTimeFormat } from '../../lib/format';

/**
 * Every time on this screen is UTC: the server's buckets and `date` filter are UTC days, so
 * the times are written in UTC, as the active locale writes them, and the labels beside
 * them say "(UTC)". The formatters come from src/lib/format.ts (one per locale and options).
 */
const dayFormat = () =>
  dateTimeFormat({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const hourFormat = () =>
  dateTimeFormat({
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
const shortDayFormat = () => dateTimeFormat({ timeZone: 'UTC', day: 'numeric', month: 'short' });
const clockFormat = () =>
  dateTimeFormat({ timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const timeFormat = () =>
  dateTimeFormat({
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

export { formatCount, formatPercent } from '../../lib/format';

/** A bucket in a table or tooltip: "Sun, Jun 1" per day, "Jun 1, 14:00" per hour (in English). */
export const formatBucket = (ms: number, interval: SeriesInterval) =>
  interval === 'day' ? dayFormat().format(ms) : hourFormat().format(ms);

/** Axis ticks stay short: "Jun 1", or "14:00" within a day. */
export const formatTick = (ms: number, interval: SeriesInterval) =>
  interval === 'day' || new Date(ms).getUTCHours() === 0
    ? shortDayFormat().format(ms)
    : clockFormat().format(ms);

/** Aligned x values: "Hour 5" / "Day 3" after the delivery (0 = the delivery's own). */
export const formatOffset = (offset: number, interval: SeriesInterval) =>
  interval === 'hour' ? t`Hour ${offset}` : t`Day ${offset}`;

/** A record's time with seconds, in UTC (and saying so). */
export function formatTime(iso: string) {
  const time = timeFormat().format(Date.parse(iso));
  return t`${time} UTC`;
}

/** Links without the scheme, shortened in the middle for axis labels. */
export function shortUrl(url: string, max = 42): string {
  const bare = url.replace(/^https?:\/\//, '');
  if (bare.length <= max) return bare;
  const keep = max - 1;
  return `${bare.slice(0, Math.ceil(keep / 2))}…${bare.slice(bare.length - Math.floor(keep / 2))}`;
}
