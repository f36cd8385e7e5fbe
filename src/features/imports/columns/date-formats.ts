import { msg } from '@lingui/core/macro';
import { DEFAULT_DATE_FORMAT } from '../../../../contract/imports';
import { dateParser } from '../../../../contract/date-parser';

/** Common ways of writing a date, the server's default first. */
export const dateFormatPresets = [
  { format: DEFAULT_DATE_FORMAT, label: msg`Year-month-day (2024-03-31)` },
  { format: '%d.%m.%Y', label: msg`Day.month.year (31.03.2024)` },
  { format: '%d/%m/%Y', label: msg`Day/month/year (31/03/2024)` },
  { format: '%m/%d/%Y', label: msg`Month/day/year (03/31/2024)` },
  { format: '%d-%m-%Y', label: msg`Day-month-year (31-03-2024)` },
  { format: '%Y/%m/%d', label: msg`Year/month/day (2024/03/31)` },
  { format: '%d %B %Y', label: msg`Day month-name year (31 March 2024)` },
] as const;

export type DateEffect = { value: string; date: string | null };

/** What a format makes of sample values: the stored date, or null when it is not one. */
export function dateFormatEffect(values: readonly string[], format: string): DateEffect[] {
  const parse = dateParser(format);
  return values.map((value) => ({ value, date: parse(value) }));
}

/**
 * The preset that reads the most sample values (the earlier preset on a tie, so an
 * ambiguous 01/02/2024 reads day first); the current format when no preset reads more.
 */
export function suggestDateFormat(
  values: readonly string[],
  current = DEFAULT_DATE_FORMAT,
): string {
  if (values.length === 0) return current;
  const score = (format: string) => dateFormatEffect(values, format).filter((e) => e.date).length;
  let best = current;
  let bestScore = score(current);
  for (const { format } of dateFormatPresets) {
    const s = score(format);
    if (s > bestScore) {
      best = format;
      bestScore = s;
    }
  }
  return best;
}
