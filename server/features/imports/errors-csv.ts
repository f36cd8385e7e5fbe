import type { ImportRowError } from '../../../contract/imports.js';

/**
 * One CSV cell, safe to open in a spreadsheet: a cell starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return would be taken for a formula, so it gets a leading `'` (OWASP
 * "CSV injection"); then RFC 4180 quoting when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `row,field,message` with CRLF line ends (RFC 4180) and a BOM so spreadsheets read UTF-8. */
export function errorsCsv(errors: readonly ImportRowError[]): string {
  const lines = [['row', 'field', 'message'], ...errors.map((e) => [e.row, e.field, e.message])];
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
