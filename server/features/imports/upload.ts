import { HttpError } from '../../lib/http-errors.js';
import { utf8Validator } from './encoding.js';

/** Uploads are stored in chunks of about this size (import_chunks rows). */
export const CHUNK_BYTES = 1024 * 1024;

export type StoredUpload = {
  bytes: number;
  chunks: number;
  /** The first chunk, kept for detection (encoding, delimiter, header). */
  firstChunk: Buffer;
  /** Whether the whole file is valid UTF-8, checked while it streamed in. */
  utf8: boolean;
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, {
    detail: `The file is larger than ${size(maxBytes)}, the largest import accepted.`,
  });

/**
 * Streams an uploaded file into chunks, never holding more than about one chunk in memory.
 * `truncated` is busboy's flag that the size limit cut the file short.
 */
export async function storeUpload(
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  maxBytes: number,
  insertChunk: (seq: number, data: Buffer) => Promise<void>,
): Promise<StoredUpload> {
  const utf8 = utf8Validator();
  let pieces: Buffer[] = [];
  let pending = 0;
  let bytes = 0;
  let chunks = 0;
  let firstChunk: Buffer | undefined;
  const store = async (data: Buffer) => {
    firstChunk ??= Buffer.from(data);
    await insertChunk(chunks++, data);
  };
  /** Stores whole chunks while at least one is pending, or everything at the end. */
  const flush = async (end: boolean) => {
    let data = Buffer.concat(pieces, pending);
    while (data.length >= CHUNK_BYTES) {
      await store(data.subarray(0, CHUNK_BYTES));
      data = data.subarray(CHUNK_BYTES);
    }
    if (end && data.length > 0) {
      await store(data);
      data = Buffer.alloc(0);
    }
    pieces = data.length ? [data] : [];
    pending = data.length;
  };
  for await (const piece of file) {
    bytes += piece.length;
    if (bytes > maxBytes || file.truncated) throw fileTooLarge(maxBytes);
    utf8.push(piece);
    pieces.push(piece);
    pending += piece.length;
    if (pending >= CHUNK_BYTES) await flush(false);
  }
  if (file.truncated) throw fileTooLarge(maxBytes);
  await flush(true);
  return { bytes, chunks, firstChunk: firstChunk ?? Buffer.alloc(0), utf8: utf8.end() };
}
