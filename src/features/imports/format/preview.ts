import Papa from 'papaparse';
import {
  importDelimiters,
  looksLikeHeader,
  type ImportDelimiter,
} from '../../../../contract/imports';

/** Rows of the sample parsed for the preview, the samples per column and header matching. */
export const PREVIEW_ROWS = 200;

const isDelimiter = (value: string): value is ImportDelimiter =>
  (importDelimiters as readonly string[]).includes(value);

/** Drops a trailing partial record of a sample that is not the whole file. */
function completeRecords(text: string, complete: boolean) {
  if (complete) return text;
  const end = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return end > 0 ? text.slice(0, end).replace(/\r$/, '') : text;
}

export type SampleLayout = {
  /** The delimiter papaparse guesses among `, ; \t |` (a comma when none fits). */
  delimiter: ImportDelimiter;
  /** Whether the first row names the email field (the server's header test). */
  hasHeader: boolean;
};

/** Delimiter and header row of a decoded sample, detected as the server does. */
export function detectLayout(text: string, complete: boolean): SampleLayout {
  const result = Papa.parse<string[]>(completeRecords(text, complete), {
    delimitersToGuess: [...importDelimiters],
    // Blank lines (a trailing newline too) would spoil the column-count consistency test.
    skipEmptyLines: 'greedy',
    preview: PREVIEW_ROWS,
  });
  const guessed = result.meta.delimiter;
  return {
    delimiter: isDelimiter(guessed) ? guessed : ',',
    hasHeader: looksLikeHeader(result.data[0] ?? []),
  };
}

export type SampleTable = {
  /** The header row's cells, or null without one. */
  header: string[] | null;
  /** The first data rows. */
  rows: string[][];
  /** The widest row's number of cells. */
  columnCount: number;
};

/** The first rows of a decoded sample with the chosen delimiter and header setting. */
export function parseSample(
  text: string,
  complete: boolean,
  options: { delimiter: ImportDelimiter; hasHeader: boolean },
): SampleTable {
  const result = Papa.parse<string[]>(completeRecords(text, complete), {
    delimiter: options.delimiter,
    skipEmptyLines: 'greedy',
    preview: PREVIEW_ROWS + 1,
  });
  const all = result.data;
  const header = options.hasHeader ? (all[0] ?? []) : null;
  const rows = options.hasHeader ? all.slice(1) : all.slice(0, PREVIEW_ROWS);
  const columnCount = Math.max(header?.length ?? 0, ...rows.map((r) => r.length), 0);
  return { header, rows, columnCount };
}
