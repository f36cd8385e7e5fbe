import chardet from 'chardet';
import iconv from 'iconv-lite';
import { bomEncoding, utf16Guess } from '../../../contract/csv-encoding.js';

/**
 * The WHATWG name of an encoding label (`latin1` → `windows-1252`, `UTF8` → `utf-8`), or null
 * when the label is unknown or names an encoding we cannot decode.
 */
export function canonicalEncoding(label: string): string | null {
  let name: string;
  try {
    name = new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
  return iconv.encodingExists(name) ? name : null;
}

/**
 * Single-byte Latin encodings a detector cannot tell apart on short samples of names and
 * addresses; windows-1252 (a superset of ISO-8859-1) is the safe reading unless the
 * detector is quite sure of another one.
 */
const latinLookalikes = new Set([
  'iso-8859-2',
  'iso-8859-9',
  'iso-8859-15',
  'windows-1250',
  'windows-1254',
]);

/**
 * docs/decisions/api-choices.md: a BOM decides, else strict UTF-8 validity of the whole upload (checked while it
 * streamed in), else the detector on the first chunk with windows-1252 as the fallback.
 */
export function detectEncoding(firstChunk: Uint8Array, wholeFileIsUtf8: boolean): string {
  const bom = bomEncoding(firstChunk);
  if (bom) return bom;
  const utf16 = utf16Guess(firstChunk);
  if (utf16) return utf16;
  if (wholeFileIsUtf8) return 'utf-8';
  const [best] = chardet.analyse(firstChunk);
  const name = best ? canonicalEncoding(best.name) : null;
  if (!best || !name || name === 'utf-8' || best.confidence < 50) return 'windows-1252';
  if (latinLookalikes.has(name) && best.confidence < 70) return 'windows-1252';
  return name;
}

/** Validates UTF-8 across the pieces of a stream (a character may straddle two pieces). */
export function utf8Validator() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(bytes: Uint8Array) {
      if (!valid) return;
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
    },
    /** Whether everything pushed was valid UTF-8, the end included. */
    end(): boolean {
      if (valid) {
        try {
          decoder.decode();
        } catch {
          valid = false;
        }
      }
      return valid;
    },
  };
}

export class UndecodableError extends Error {}

export type TextDecoderStream = { write(bytes: Uint8Array): string; end(): string };

/**
 * A streaming decoder that drops a leading BOM. UTF-8 is decoded strictly (an invalid byte
 * fails the import instead of turning into U+FFFD); every other encoding through iconv-lite.
 */
export function createDecoder(encoding: string): TextDecoderStream {
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const guard = (decode: () => string) => {
      try {
        return decode();
      } catch {
        throw new UndecodableError('The file is not valid utf-8; choose its encoding.');
      }
    };
    return {
      write: (bytes) => guard(() => decoder.decode(bytes, { stream: true })),
      end: () => guard(() => decoder.decode()),
    };
  }
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  return {
    write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)),
    end: () => decoder.end() ?? '',
  };
}

/** The first chunk as text, for detection (lenient: detection must not fail on it). */
export function decodeSample(bytes: Uint8Array, encoding: string): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), encoding);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
