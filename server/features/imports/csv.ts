import Papa from 'papaparse';
import { importDelimiters, type ImportDelimiter } from '../../../contract/imports.js';

/** A record longer than this means a quote was never closed; the import fails instead of
 * buffering the rest of the file. */
export const MAX_RECORD_CHARS = 1_000_000;

export class RecordTooLongError extends Error {}

const isDelimiter = (value: string): value is ImportDelimiter =>
  (importDelimiters as readonly string[]).includes(value);

/** Drops a trailing partial record of a sample that is not the whole file. */
function completeRecords(sample: string, complete: boolean) {
  if (complete) return sample;
  const end = Math.max(sample.lastIndexOf('\n'), sample.lastIndexOf('\r'));
  return end > 0 ? sample.slice(0, end) : sample;
}

/** `firstRow` is the first record that is not blank: the header row if there is one. */
export type CsvLayout = { delimiter: ImportDelimiter; linebreak: string; firstRow: string[] };

/**
 * Delimiter (given, or guessed among `, ; \t |` by papaparse: the one giving a consistent
 * number of columns over the first rows), line break and first row of a decoded sample.
 */
export function detectLayout(
  sample: string,
  complete: boolean,
  delimiter: ImportDelimiter | undefined,
): CsvLayout {
  const text = completeRecords(sample, complete);
  const result = Papa.parse<string[]>(text, {
    ...(delimiter ? { delimiter } : { delimitersToGuess: [...importDelimiters] }),
    // Blank lines (a trailing newline too) would spoil the column-count consistency test.
    skipEmptyLines: 'greedy',
    preview: 200,
  });
  const guessed = result.meta.delimiter;
  return {
    delimiter: delimiter ?? (isDelimiter(guessed) ? guessed : ','),
    linebreak: result.meta.linebreak || '\n',
    firstRow: result.data[0] ?? [],
  };
}

/**
 * The records of a CSV text stream, a parsed piece at a time. Papaparse's low-level parser
 * is fed piece by piece and leaves the trailing partial record for the next piece, so
 * memory stays bounded by the piece size (and MAX_RECORD_CHARS).
 */
export async function* csvRecords(
  pieces: AsyncIterable<string>,
  layout: Pick<CsvLayout, 'delimiter' | 'linebreak'>,
): AsyncGenerator<string[][]> {
  const parser = new Papa.Parser({
    delimiter: layout.delimiter,
    newline: layout.linebreak as '\n',
    quoteChar: '"',
  });
  let partial = '';
  for await (const text of pieces) {
    const input = partial + text;
    const result = parser.parse(input, 0, true) as { data: string[][]; meta: { cursor: number } };
    partial = input.slice(result.meta.cursor);
    if (partial.length > MAX_RECORD_CHARS)
      throw new RecordTooLongError(
        'A row is longer than 1,000,000 characters: is a quote (") never closed?',
      );
    if (result.data.length > 0) yield result.data;
  }
  if (partial) {
    const result = parser.parse(partial, 0, false) as { data: string[][] };
    if (result.data.length > 0) yield result.data;
  }
}

/** A record with nothing in it (a blank line, or only delimiters and spaces). */
export const isBlankRecord = (record: readonly string[]) =>
  record.every((cell) => cell.trim() === '');
