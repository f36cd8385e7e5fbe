import { Inflate } from 'fflate';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { concat } from '../../../contract/bytes.js';
import { zipLayoutLimits } from '../../../contract/mailings.js';
import { compressedTooMuch, zipMessages, zipPathProblem } from '../../../contract/zip-entries.js';

/** Something is wrong with the uploaded archive; the message is shown to the client. */
export class ZipLayoutError extends Error {}

export type ArchiveEntry = {
  path: string;
  entry: Entry;
};

/** Decides, per entry, whether its inflated bytes are kept (others are inflated and dropped). */
export type KeepEntry = (path: string) => boolean;

const STORED = 0;
const DEFLATED = 8;
/** Compressed bytes per inflate push: at the deflate maximum of ~1032:1 one push yields ≤ 4 MB. */
const PUSH_BYTES = 4 * 1024;

/**
 * Opens a zip archive held in memory and checks its central directory: entry count, paths
 * (absolute, `..`, backslashes), symbolic links (Unix mode in the external attributes),
 * encryption and compression methods. yauzl parses the structure; nothing here reads zip
 * records by hand. Directories are left out of the returned entries.
 */
export async function openArchive(
  archive: Buffer,
): Promise<{ zip: ZipFile; entries: ArchiveEntry[] }> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(archive, {
      lazyEntries: true,
      // Names are decoded and checked below, so the messages say what is wrong.
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch {
    throw new ZipLayoutError('The file is not a valid zip archive.');
  }
  if (zip.entryCount > zipLayoutLimits.maxEntries) {
    zip.close();
    throw new ZipLayoutError(zipMessages.tooManyEntries(zip.entryCount));
  }
  const entries: ArchiveEntry[] = [];
  const seen = new Set<string>();
  try {
    for await (const entry of zip.eachEntry()) {
      const path = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const problem = zipPathProblem(path, entry.externalFileAttributes >>> 16);
      if (problem) throw new ZipLayoutError(problem);
      if (path.endsWith('/')) continue;
      if (entry.isEncrypted()) throw new ZipLayoutError(`"${path}" is encrypted.`);
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        throw new ZipLayoutError(
          `"${path}" uses compression method ${entry.compressionMethod}; only stored and deflated entries are supported.`,
        );
      }
      if (seen.has(path)) throw new ZipLayoutError(`The archive contains "${path}" twice.`);
      seen.add(path);
      entries.push({ path, entry });
    }
  } catch (error) {
    zip.close();
    if (error instanceof ZipLayoutError) throw error;
    throw new ZipLayoutError('The file is not a valid zip archive.');
  }
  return { zip, entries };
}

/**
 * Inflates the given entries in order, enforcing the limits while the bytes come out (the
 * sizes the archive declares are not trusted): the total across entries, and the
 * compression ratio of any entry past `ratioCheckAboveBytes`. Returns the kept entries.
 */
export async function inflateEntries(
  zip: ZipFile,
  entries: ArchiveEntry[],
  keep: KeepEntry,
  budget = { used: 0 },
): Promise<Map<string, Uint8Array>> {
  const kept = new Map<string, Uint8Array>();
  for (const { path, entry } of entries) {
    const declaredTooBig =
      entry.uncompressedSize > zipLayoutLimits.maxUncompressedBytes - budget.used;
    if (declaredTooBig) throw tooLarge();
    const data = await inflateEntry(zip, path, entry, budget, keep(path));
    if (data) kept.set(path, data);
  }
  return kept;
}

async function inflateEntry(
  zip: ZipFile,
  path: string,
  entry: Entry,
  budget: { used: number },
  keep: boolean,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  const take = (data: Uint8Array) => {
    produced += data.length;
    budget.used += data.length;
    if (budget.used > zipLayoutLimits.maxUncompressedBytes) throw tooLarge();
    if (compressedTooMuch(produced, entry.compressedSize)) {
      throw new ZipLayoutError(zipMessages.compressedTooMuch(path));
    }
    if (keep) chunks.push(data);
  };
  const inflate = entry.compressionMethod === DEFLATED ? new Inflate((data) => take(data)) : null;
  let raw;
  try {
    raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
  } catch {
    throw new ZipLayoutError(`"${path}" cannot be read; the archive is damaged.`);
  }
  try {
    for await (const chunk of raw as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length; at += PUSH_BYTES) {
        const piece = chunk.subarray(at, at + PUSH_BYTES);
        if (inflate) inflate.push(piece);
        else take(new Uint8Array(piece));
      }
    }
    inflate?.push(new Uint8Array(0), true);
  } catch (error) {
    raw.destroy();
    if (error instanceof ZipLayoutError) throw error;
    throw new ZipLayoutError(zipMessages.damaged(path));
  }
  if (produced !== entry.uncompressedSize) {
    throw new ZipLayoutError(`"${path}" is not the size the archive declares; it is damaged.`);
  }
  return keep ? concat(chunks, produced) : undefined;
}

const tooLarge = () => new ZipLayoutError(zipMessages.tooLarge());
