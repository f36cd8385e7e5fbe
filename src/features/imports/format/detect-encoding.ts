import { bomEncoding, utf16Guess } from '../../../../contract/csv-encoding';
/** How much of the file the Format and Columns steps read: only this slice, whatever the size. */
export const SAMPLE_BYTES = 64 * 1024;

/** Whether the bytes are valid UTF-8; a sample cut from a bigger file may end mid-character. */
function isUtf8(bytes: Uint8Array, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding of a file from its first bytes (docs/decisions/api-choices.md): a BOM decides, else valid UTF-8,
 * else windows-1252 (a superset of ISO-8859-1, the usual spreadsheet export), which the
 * person can override. The server checks UTF-8 over the whole file; the Check step does too.
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): string {
  return (
    bomEncoding(sample) ??
    utf16Guess(sample) ??
    (isUtf8(sample, complete) ? 'utf-8' : 'windows-1252')
  );
}

/**
 * The sample as text in `encoding`, leniently (a wrong choice shows as odd characters in the
 * preview, not as an error) and without a BOM. A character cut at the end of a partial
 * sample is left out.
 */
export function decodeSample(sample: Uint8Array, encoding: string, complete: boolean): string {
  return new TextDecoder(encoding).decode(sample, { stream: !complete });
}
