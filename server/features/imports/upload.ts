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

export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, {
    detail: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the largest import accepted.`,
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
  const flush = async () => {
    const data = Buffer.concat(pieces, pending);
    pieces = [];
    pending = 0;
    firstChunk ??= data;
    await insertChunk(chunks++, data);
  };
  for await (const piece of file) {
    bytes += piece.length;
    if (bytes > maxBytes || file.truncated) throw fileTooLarge(maxBytes);
    utf8.push(piece);
    pieces.push(piece);
    pending += piece.length;
    if (pending >= CHUNK_BYTES) await flush();
  }
  if (file.truncated) throw fileTooLarge(maxBytes);
  if (pending > 0) await flush();
  return { bytes, chunks, firstChunk: firstChunk ?? Buffer.alloc(0), utf8: utf8.end() };
}
