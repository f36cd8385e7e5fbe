/**
 * Encoding sniffing of docs/decisions/api-choices.md that needs no decoder, shared by the server's import job
 * and the import wizard, so both read a file the same way before the person overrides it.
 */

/** The encoding a byte-order mark announces. */
export function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 without a BOM: mostly-ASCII text has a zero in every other byte, which is also
 * valid UTF-8, so it must be recognised before the UTF-8 check.
 */
export function utf16Guess(bytes: Uint8Array): string | null {
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
