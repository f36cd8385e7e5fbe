import type JSZip from 'jszip';
import { concat } from '../../../../contract/bytes';
import { zipLayoutLimits } from '../../../../contract/mailings';
import { compressedTooMuch, zipMessages, zipPathProblem } from '../../../../contract/zip-entries';

export { imageContentType } from '../../../../contract/zip-entries';

/** A problem that makes the service refuse the archive; the message says what to fix. */
export class LayoutProblem extends Error {}

/** The entry's name as stored: jszip resolves `..` in `name` and keeps the original here. */
export const entryPath = (entry: JSZip.JSZipObject) => entry.unsafeOriginalName ?? entry.name;

/** The server's path rules (contract/zip-entries.ts), as a message, or undefined for a good path. */
export const pathProblem = (
  path: string,
  unixPermissions: JSZip.JSZipObject['unixPermissions'],
): string | undefined =>
  zipPathProblem(path, typeof unixPermissions === 'number' ? unixPermissions : undefined);

/** What jszip knows about an entry's sizes (not in its typings, but set for loaded archives). */
function declaredSizes(entry: JSZip.JSZipObject): { compressed?: number; uncompressed?: number } {
  const data = (
    entry as unknown as { _data?: { compressedSize?: unknown; uncompressedSize?: unknown } }
  )._data;
  return {
    compressed: typeof data?.compressedSize === 'number' ? data.compressedSize : undefined,
    uncompressed: typeof data?.uncompressedSize === 'number' ? data.uncompressedSize : undefined,
  };
}

type StreamHelper = {
  on(event: 'data', fn: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', fn: (error: unknown) => void): StreamHelper;
  on(event: 'end', fn: () => void): StreamHelper;
  resume(): StreamHelper;
  pause(): StreamHelper;
};

export const tooLarge = () => new LayoutProblem(zipMessages.tooLarge());

/**
 * Inflates one entry chunk by chunk, counting the bytes as they come out (declared sizes are
 * not trusted), with the server's limits: the total across entries and the compression ratio
 * of an entry past `ratioCheckAboveBytes`. Throws LayoutProblem at the first violation.
 */
export function inflateEntry(
  entry: JSZip.JSZipObject,
  budget: { used: number },
  keep: boolean,
): Promise<{ data?: Uint8Array; size: number }> {
  const path = entryPath(entry);
  const declared = declaredSizes(entry);
  if ((declared.uncompressed ?? 0) > zipLayoutLimits.maxUncompressedBytes - budget.used)
    return Promise.reject(tooLarge());
  const stream = (
    entry as unknown as { internalStream(type: 'uint8array'): StreamHelper }
  ).internalStream('uint8array');
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let produced = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stream.pause();
      reject(error);
    };
    stream
      .on('data', (chunk) => {
        if (settled) return;
        produced += chunk.length;
        budget.used += chunk.length;
        if (budget.used > zipLayoutLimits.maxUncompressedBytes) return fail(tooLarge());
        if (compressedTooMuch(produced, declared.compressed ?? Infinity))
          return fail(new LayoutProblem(zipMessages.compressedTooMuch(path)));
        if (keep) chunks.push(chunk);
      })
      .on('error', () => fail(new LayoutProblem(zipMessages.damaged(path))))
      .on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ data: keep ? concat(chunks, produced) : undefined, size: produced });
      })
      .resume();
  });
}
