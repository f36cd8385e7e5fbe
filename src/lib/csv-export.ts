/**
 * CSV for spreadsheets, escaped against formula injection (OWASP "CSV Injection"): a cell that
 * starts with = + - @ tab or carriage return — also after leading spaces, which Excel skips —
 * is prefixed with a single quote so a spreadsheet shows it as text instead of running it.
 * papaparse does the quoting (RFC 4180) and is loaded only when an export happens.
 */
const FORMULA_START = /^[=+\-@\t\r]|^\s+[=+\-@]/;

export type CsvCell = string | number | boolean | null | undefined;

/** Rows of cells → CSV text with CRLF line ends; the header row only when given. */
export async function encodeCsv(rows: CsvCell[][], header?: string[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const data = rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell))));
  return Papa.unparse(header ? { fields: header, data } : data, {
    escapeFormulae: FORMULA_START,
    newline: '\r\n',
  });
}

/**
 * A CSV file assembled from pages (an export across all pages of a filtered collection):
 * call `add` per page, then `toBlob`. The UTF-8 BOM makes Excel read accents correctly.
 */
export function createCsvFile(header: string[]) {
  const parts: string[] = ['\uFEFF'];
  let first = true;
  return {
    async add(rows: CsvCell[][]) {
      if (rows.length === 0 && !first) return;
      parts.push(await encodeCsv(rows, first ? header : undefined), '\r\n');
      first = false;
    },
    toBlob(): Blob {
      if (first) parts.push(header.join(','), '\r\n');
      return new Blob(parts, { type: 'text/csv;charset=utf-8' });
    },
  };
}
