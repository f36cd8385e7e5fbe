/** How much of the file the Format and Columns steps read: only this slice, whatever the size. */
export const SAMPLE_BYTES = 64 * 1024;

/** The encoding a byte-order mark announces. */
export function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 without a BOM (as the server guesses it): mostly-ASCII text has a zero in every
 * other byte, which is also valid UTF-8, so it is recognised before the UTF-8 check.
 */
function utf16Guess(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

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
 * The encoding of a file from its first bytes (DESIGN §4): a BOM decides, else valid UTF-8,
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

/** Whether the browser can decode `label` (a WHATWG encoding label). */
export function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}
