/**
 * How the dashboard writes sizes and counts, in one locale (en-US: `1,000,000`) whatever
 * the browser's, so numbers read the same on every screen and in every test.
 */

export const MB = 1024 * 1024;

const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size people read: `812 bytes`, `64.0 KB`, `100.0 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${formatCount(value)} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A count with thousands separators: `1,000,000`. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** How many people: `1 person`, `1,234 people`. */
export const formatPeople = (n: number) => `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`;

/** A moment in the reader's time zone and locale, e.g. on the Security and Audit screens. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString();
