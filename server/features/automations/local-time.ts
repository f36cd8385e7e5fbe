/**
 * Wall-clock hours in an IANA time zone (docs/decisions/automations.md): the scheduler keeps UTC
 * instants in indexed columns and computes them here with Intl, so DST is the runtime's ICU's.
 */
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A calendar day, month 1–12 (day may overflow: Date.UTC normalises it). */
export type LocalDay = { year: number; month: number; day: number };

/** The wall clock in `timeZone` at `instant`. */
export function localParts(timeZone: string, instant: Date) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, ms: number) {
  const p = localParts(timeZone, new Date(ms));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant `timeZone`'s clock shows `hour`:00 on `day`. An hour that occurs twice (the
 * autumn change) is its first occurrence; one that does not occur (the spring gap) is the
 * instant the clock jumps over it, i.e. its hour after the gap. Offsets change at most once
 * within a day either side, so the offsets a day before and after are the only candidates.
 */
export function zonedHour(timeZone: string, day: LocalDay, hour: number): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour);
  const before = wall - offsetAt(timeZone, wall - DAY);
  const after = wall - offsetAt(timeZone, wall + DAY);
  const shows = (ms: number) => {
    const p = localParts(timeZone, new Date(ms));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  };
  const valid = [before, after].filter(shows);
  // In a gap neither shows it: the earlier offset's reading lands just after the gap.
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

/** The calendar day `days` after `day` (normalised), and its weekday (0 = Sunday). */
export function addLocalDays(day: LocalDay, days: number) {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}
