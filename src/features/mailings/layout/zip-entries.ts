import type JSZip from 'jszip';
import { zipLayoutLimits } from '../../../../contract/mailings';

/** A problem that makes the service refuse the archive; the message says what to fix. */
export class LayoutProblem extends Error {}

export const MB = 1024 * 1024;
export const formatBytes = (bytes: number) =>
  bytes >= MB
    ? `${(bytes / MB).toFixed(1)} MB`
    : bytes >= 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${bytes} B`;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The entry's name as stored: jszip resolves `..` in `name` and keeps the original here. */
export const entryPath = (entry: JSZip.JSZipObject) => entry.unsafeOriginalName ?? entry.name;

/** The server's path rules (DESIGN §4), as a message, or undefined for a good path. */
export function pathProblem(
  path: string,
  unixPermissions: JSZip.JSZipObject['unixPermissions'],
): string | undefined {
  if (path === '') return 'The archive contains an entry without a name.';
  if (path.includes('\\')) return `"${path}" contains a backslash; use "/" between folders.`;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path))
    return `"${path}" is an absolute path; paths must be relative.`;
  if (path.split('/').includes('..'))
    return `"${path}" contains "..", which would leave the archive's folder.`;
  if (typeof unixPermissions === 'number' && (unixPermissions & S_IFMT) === S_IFLNK)
    return `"${path}" is a symbolic link; links are not allowed.`;
  return undefined;
}

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

export const tooLarge = () =>
  new LayoutProblem(
    `The archive inflates to more than ${zipLayoutLimits.maxUncompressedBytes / MB} MB; the service accepts at most ${zipLayoutLimits.maxUncompressedBytes / MB} MB. Remove unused files or make the images smaller.`,
  );

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
        const compressed = Math.max(1, declared.compressed ?? Infinity);
        if (
          produced > zipLayoutLimits.ratioCheckAboveBytes &&
          produced > zipLayoutLimits.maxCompressionRatio * compressed
        ) {
          return fail(
            new LayoutProblem(
              `"${path}" is compressed more than ${zipLayoutLimits.maxCompressionRatio}:1, which is not plausible for a layout (zip bomb?). Zip the layout again with an ordinary tool.`,
            ),
          );
        }
        if (keep) chunks.push(chunk);
      })
      .on('error', () =>
        fail(new LayoutProblem(`"${path}" cannot be inflated; the archive is damaged.`)),
      )
      .on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ data: keep ? concat(chunks, produced) : undefined, size: produced });
      })
      .resume();
  });
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const signatures: Record<string, (b: Uint8Array) => boolean> = {
  '.png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  '.jpg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  '.jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  '.gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
};

/** The content type of an image whose bytes match its extension, as the server checks. */
export function imageContentType(path: string, data: Uint8Array): string | undefined {
  const lower = path.toLowerCase();
  const ext = Object.keys(signatures).find((e) => lower.endsWith(e));
  if (!ext || !signatures[ext]!(data)) return undefined;
  return ext === '.png' ? 'image/png' : ext === '.gif' ? 'image/gif' : 'image/jpeg';
}
