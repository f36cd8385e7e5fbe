import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';

/**
 * How the dashboard writes sizes, counts, percentages and moments: as the active locale
 * writes them (issue 55: `1,000,000` in English, `1.000.000` in German, `1 000 000` in
 * French), in the browser's time zone. Formatters are built once per locale and options:
 * a table of thousands of rows formats every cell through them. CSV exports do not use
 * these: they keep machine formats.
 */

export const MB = 1024 * 1024;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const key = `${i18n.locale}|${kind}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(i18n.locale);
    cache.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  cached('number', options, (locale) => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size people read: `812 bytes`, `64 KB`, `100.5 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  };
  return numberFormat(options).format(value);
}

/** A count with the locale's group separators. */
export const formatCount = (n: number) => numberFormat().format(n);

/** A share of a whole (0.123 → `12.3%`, `12,3 %`), at most one decimal. */
export const formatPercent = (ratio: number) =>
  numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(ratio);

/** How many people: `1 person`, `1,234 people`. */
export const formatPeople = (n: number) => plural(n, { one: '# person', other: '# people' });

type Moment = string | number | Date;
const toDate = (moment: Moment) => (moment instanceof Date ? moment : new Date(moment));

/** A moment with date and time, in the reader's time zone and locale. */
export const formatDateTime = (moment: Moment) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(toDate(moment));

/** A day, in the reader's time zone and locale. */
export const formatDate = (moment: Moment) =>
  dateTimeFormat({ dateStyle: 'medium' }).format(toDate(moment));
