import { i18n } from '@lingui/core';
import { dateTimeFormat } from '../../lib/format';

export type GrowthInterval = 'day' | 'week' | 'month';

/** A bucket's first day (`2026-12-07`, a UTC day) as a moment. */
const startOf = (bucket: string) => Date.parse(`${bucket}T00:00:00Z`);

/**
 * A bucket on the chart's axis and in its tooltip, as the active locale writes it: `Dec 7`,
 * `7. Dez.` per day or week (its Monday), `Dec 2026` per month. UTC: the server's buckets
 * are UTC days.
 */
export function formatBucketTick(bucket: string, interval: GrowthInterval): string {
  const ms = startOf(bucket);
  if (Number.isNaN(ms)) return bucket;
  const options: Intl.DateTimeFormatOptions =
    interval === 'month'
      ? { timeZone: 'UTC', month: 'short', year: 'numeric' }
      : { timeZone: 'UTC', day: 'numeric', month: 'short' };
  return dateTimeFormat(options).format(ms);
}

/**
 * A bucket's first day in the table, as the locale writes a date (`07.12.2026`, `7 déc.
 * 2026`), in UTC. English keeps the ISO day (`2026-12-07`): it is the form the CSV export
 * and the history use, and reads the same on both sides of the Atlantic.
 */
export function formatBucketDay(bucket: string): string {
  const ms = startOf(bucket);
  if (i18n.locale === 'en' || Number.isNaN(ms)) return bucket;
  return dateTimeFormat({ timeZone: 'UTC', dateStyle: 'medium' }).format(ms);
}
