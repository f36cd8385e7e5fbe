import { dateTimeFormat } from '../../lib/format';

/**
 * Deliveries are entered in the browser's local time (`<input type="datetime-local">`,
 * "YYYY-MM-DDTHH:mm") and sent as UTC with `Z` (spec: Conventions).
 */
const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export type LocalDateTime = {
  /** The instant, or undefined when the text is not a valid local date-time. */
  date?: Date;
  /** When the wall-clock time does not exist here (a DST gap), the time it becomes. */
  shiftedTo?: string;
};

export function parseLocalDateTime(value: string): LocalDateTime {
  const match = localPattern.exec(value.trim());
  if (!match) return {};
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((v) => Number(v ?? 0)) as number[];
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > 31 ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return {};
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  // 31 April would roll over to 1 May: refuse instead.
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month! - 1) return {};
  const back = toLocalInput(date);
  const shiftedTo = back.slice(0, 16) === value.trim().slice(0, 16) ? undefined : back;
  return shiftedTo ? { date, shiftedTo } : { date };
}

/** The UTC value sent: ISO 8601 with `Z`. */
export function localToUtc(value: string): string | undefined {
  return parseLocalDateTime(value).date?.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the datetime-local input shows it, in this browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A UTC timestamp from the API, as a local datetime-local value. */
export const utcToLocalInput = (iso: string) => toLocalInput(new Date(iso));

export const isPast = (date: Date, now = new Date()) => date.getTime() < now.getTime();

/** "Mon, 3 Feb 2025, 14:30 CET": a delivery for people, in local time with the zone. */
export function formatLocal(date: Date, locale?: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName: spell the fields out.
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  // Without a locale: the dashboard's (src/lib/format.ts).
  return (locale ? new Intl.DateTimeFormat(locale, options) : dateTimeFormat(options)).format(date);
}

/** "2025-02-03 13:30 UTC" */
export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** This browser's time zone name, e.g. "Europe/Zurich". */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
