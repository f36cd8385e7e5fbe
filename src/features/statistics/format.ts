import type { SeriesInterval } from '../../api/statistics';

/** Every time on this screen is UTC: the server's buckets and `date` filter are UTC days. */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
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

/** A bucket in a table or tooltip: "Sun 1 Jun" per day, "1 Jun, 14:00" per hour. */
export const formatBucket = (ms: number, interval: SeriesInterval) =>
  interval === 'day' ? dayFormat.format(ms) : hourFormat.format(ms);

/** Axis ticks stay short: "1 Jun", or "14:00" within a day. */
export const formatTick = (ms: number, interval: SeriesInterval) =>
  interval === 'day' || new Date(ms).getUTCHours() === 0
    ? shortDayFormat.format(ms)
    : hourFormat.format(ms).split(', ')[1]!;

/** Aligned x values: "Hour 5" / "Day 3" after the delivery (0 = the delivery's own). */
export const formatOffset = (offset: number, interval: SeriesInterval) =>
  `${interval === 'hour' ? 'Hour' : 'Day'} ${offset}`;

/** A record's time with seconds, in UTC. */
export const formatTime = (iso: string) => `${timeFormat.format(Date.parse(iso))} UTC`;

/** Links without the scheme, shortened in the middle for axis labels. */
export function shortUrl(url: string, max = 42): string {
  const bare = url.replace(/^https?:\/\//, '');
  if (bare.length <= max) return bare;
  const keep = max - 1;
  return `${bare.slice(0, Math.ceil(keep / 2))}…${bare.slice(bare.length - Math.floor(keep / 2))}`;
}
