import { utcFormat, utcParse } from 'd3-time-format';

/** Digit runs without leading zeros, lowercase, single spaces: `07.03.2024` ≈ `7.3.2024`. */
const comparable = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\d+/g, (digits) => String(Number(digits)))
    .replace(/\s+/g, ' ');

/**
 * A parser for dates written in a strptime `format` (already checked with
 * `dateFormatProblem`), returning `YYYY-MM-DD` or null: the import's rule, shared by the
 * server's import and the browser's pre-check. d3-time-format rolls impossible
 * dates over (31.13.2024 → 2025-01-31), so the parsed date is formatted back and must read
 * like the input (docs/decisions/api-choices.md); padding differences (`7.3.2024`) are fine.
 */
export function dateParser(format: string): (value: string) => string | null {
  const parse = utcParse(format);
  const write = utcFormat(format);
  // Parsing and formatting back costs microseconds and a file repeats the same dates
  // (birthdays) many times over: remember the answers, within a bound.
  const memo = new Map<string, string | null>();
  return (value) => {
    let answer = memo.get(value);
    if (answer === undefined) {
      if (memo.size >= 100_000) memo.clear();
      answer = parseChecked(value);
      // A flat copy as the key: a slice of the parser's input would keep all of it alive.
      memo.set((' ' + value).slice(1), answer);
    }
    return answer;
  };

  function parseChecked(value: string): string | null {
    const date = parse(value.trim());
    if (!date || Number.isNaN(date.getTime())) return null;
    const year = date.getUTCFullYear();
    // PostgreSQL has no year 0 and the API shows four-digit years.
    if (year < 1 || year > 9999) return null;
    if (comparable(write(date)) !== comparable(value)) return null;
    return date.toISOString().slice(0, 10);
  }
}
