import Papa from 'papaparse';
import { detach } from '../../../../contract/import-rows';
import type { ImportDelimiter } from '../../../../contract/imports';
import { EmailHashSet } from './email-set';
import { KEPT_PROBLEM_ROWS, KEPT_REPEATED_ROWS } from './limits';
import { rowChecker, type FieldProblem, type RowRules } from './row-rules';

/** A record longer than this means a quote was never closed (the server's limit too). */
export const MAX_RECORD_CHARS = 1_000_000;

export type CheckConfig = RowRules & { delimiter: ImportDelimiter; hasHeader: boolean };

/** What happens to the rows with `ignore_invalid_fields` off (`strict`) or on (`lenient`). */
export type ModeCounts = {
  /** Rows that would be imported (or found already in the list: only the server knows). */
  valid: number;
  invalid: number;
  /** Valid rows whose address an earlier valid row of the file has (the first one counts). */
  repeated: number;
};

export type ProblemRow = {
  /** The record's number in the file, header and blank lines counted (as the server's). */
  row: number;
  email: string;
  /** Each problem with the cell it is about ('' for a field no column fills). */
  problems: (FieldProblem & { value: string })[];
  /** Rejected even with `ignore_invalid_fields` (no valid email, or a required field). */
  rejected: boolean;
};

export type RepeatedRow = { row: number; email: string; strict: boolean; lenient: boolean };

export type CheckCounts = {
  /** Data rows that are not blank (blank lines are skipped, as the server does). */
  rows: number;
  strict: ModeCounts;
  lenient: ModeCounts & { withDroppedValues: number; droppedValues: number };
};

export type CheckReport = CheckCounts & {
  blankRows: number;
  /** Rows with an invalid value, per field. */
  problemsByField: Record<string, number>;
  /** The first rows with a problem (KEPT_PROBLEM_ROWS). */
  problemRows: ProblemRow[];
  repeatedRows: RepeatedRow[];
  distinctAddresses: number;
  /** Memory held by the set of seen addresses. */
  addressSetBytes: number;
};

export class CsvCheckError extends Error {}

const STRICT = 1;
const LENIENT = 2;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * A value kept for display: short (a broken file can have megabyte-long cells) and detached
 * from the parsed piece it was cut from, which it would otherwise keep in memory.
 */
const clip = (text: string) => detach(text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Checks a CSV text fed piece by piece (any split, even inside a quoted cell): every row is
 * parsed with papaparse's parser and checked with the server's rules, and only counts,
 * the first problem rows and a hash set of addresses are kept, so memory is bounded by
 * the piece size whatever the file size. Row numbers count every record, as the server's.
 */
export function createCsvChecker(config: CheckConfig) {
  const check = rowChecker(config);
  const emailColumn = config.fields.indexOf('email');
  const seen = new EmailHashSet();
  let parser: Papa.Parser | undefined;
  let partial = '';
  let row = 0;
  let headerPending = config.hasHeader;
  let blankRows = 0;
  const counts: CheckCounts = {
    rows: 0,
    strict: { valid: 0, invalid: 0, repeated: 0 },
    lenient: { valid: 0, invalid: 0, repeated: 0, withDroppedValues: 0, droppedValues: 0 },
  };
  const problemsByField: Record<string, number> = {};
  const problemRows: ProblemRow[] = [];
  const repeatedRows: RepeatedRow[] = [];

  function record(cells: string[]) {
    row++;
    const blank = isBlank(cells);
    if (headerPending) {
      // The header is the first record that is not blank, as the server sees it.
      if (!blank) headerPending = false;
      return;
    }
    if (blank) {
      blankRows++;
      return;
    }
    counts.rows++;
    const result = check(cells);
    const strictOk = result.problems.length === 0;
    const lenientOk = !result.rejected;
    let repeatedStrict = false;
    let repeatedLenient = false;
    if (strictOk) {
      repeatedStrict = seen.testAndSet(result.key!, STRICT);
      if (repeatedStrict) counts.strict.repeated++;
      else counts.strict.valid++;
    } else counts.strict.invalid++;
    if (lenientOk) {
      repeatedLenient = seen.testAndSet(result.key!, LENIENT);
      if (repeatedLenient) counts.lenient.repeated++;
      else {
        counts.lenient.valid++;
        if (!strictOk) {
          counts.lenient.withDroppedValues++;
          counts.lenient.droppedValues += result.problems.length;
        }
      }
    } else counts.lenient.invalid++;

    const email = clip(emailColumn < 0 ? '' : (cells[emailColumn] ?? '').trim());
    if (!strictOk) {
      for (const field of new Set(result.problems.map((p) => p.field)))
        problemsByField[field] = (problemsByField[field] ?? 0) + 1;
      if (problemRows.length < KEPT_PROBLEM_ROWS)
        problemRows.push({
          row,
          email,
          problems: result.problems.map((p) => ({
            field: p.field,
            message: clip(p.message),
            value: clip((cells[config.fields.indexOf(p.field)] ?? '').trim()),
          })),
          rejected: result.rejected,
        });
    }
    if ((repeatedStrict || repeatedLenient) && repeatedRows.length < KEPT_REPEATED_ROWS)
      repeatedRows.push({ row, email, strict: repeatedStrict, lenient: repeatedLenient });
  }

  function snapshot(): CheckCounts {
    return { rows: counts.rows, strict: { ...counts.strict }, lenient: { ...counts.lenient } };
  }

  function parse(input: string, last: boolean) {
    // The line break is taken from the start of the text, as the server takes it from its
    // sample; the text is held back until it shows one (a lone `\r` may precede a `\n`).
    if (!parser && !last && !/\n|\r[^]/.test(input)) return { data: [], meta: { cursor: 0 } };
    parser ??= new Papa.Parser({
      delimiter: config.delimiter,
      newline: detectLinebreak(input, config.delimiter),
      quoteChar: '"',
    });
    return parser.parse(input, 0, !last) as { data: string[][]; meta: { cursor: number } };
  }

  return {
    /** Feeds the next piece of decoded text. */
    push(text: string) {
      const input = partial + text;
      const result = parse(input, false);
      partial = input.slice(result.meta.cursor);
      if (partial.length > MAX_RECORD_CHARS)
        throw new CsvCheckError(
          `Row ${row + 1} is longer than 1,000,000 characters: is a quote (") never closed?`,
        );
      for (const cells of result.data) record(cells);
    },
    /** The counts so far (cheap: for progress). */
    counts: snapshot,
    /** Reads the last record and returns the report. */
    finish(): CheckReport {
      if (partial) for (const cells of parse(partial, true).data) record(cells);
      partial = '';
      return {
        ...snapshot(),
        blankRows,
        problemsByField,
        problemRows,
        repeatedRows,
        distinctAddresses: seen.size,
        addressSetBytes: seen.bytes,
      };
    },
  };
}

/** The first line break of a text: `\r\n`, `\n` or `\r` (papaparse's own guess). */
export function detectLinebreak(text: string, delimiter: string): '\r\n' | '\n' | '\r' {
  const result = Papa.parse(text.slice(0, 64 * 1024), { delimiter, preview: 1 });
  const linebreak = result.meta.linebreak;
  return linebreak === '\r\n' || linebreak === '\r' ? linebreak : '\n';
}
