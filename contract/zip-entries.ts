import { LAYOUT_INDEX, layoutImageContentTypes, zipLayoutLimits } from './mailings.js';

/**
 * The rules for the entries of a zipped layout, written once for the server's import
 * (server/features/mailings/zip-archive.ts, layout-import.ts) and the composer's inspector,
 * which predicts the server's answer before the upload (docs/architecture.md). Each side
 * reads the archive with its own library (yauzl, jszip); what they refuse, and how they say
 * it, lives here.
 */

const MB = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * A path's problem, or undefined for a good path: no empty name, backslash, absolute path,
 * `..` or symbolic link (`unixMode`: the Unix mode from the entry's external attributes).
 */
export function zipPathProblem(path: string, unixMode?: number): string | undefined {
  if (path === '') return 'The archive contains an entry without a name.';
  if (path.includes('\\')) return `"${path}" contains a backslash; use "/" between folders.`;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path))
    return `"${path}" is an absolute path; paths must be relative.`;
  if (path.split('/').includes('..'))
    return `"${path}" contains "..", which would leave the archive's folder.`;
  if (typeof unixMode === 'number' && (unixMode & S_IFMT) === S_IFLNK)
    return `"${path}" is a symbolic link; links are not allowed.`;
  return undefined;
}

export const zipMessages = {
  tooManyEntries: (count: number) =>
    `The archive has ${count} entries; the service accepts at most ${zipLayoutLimits.maxEntries}. Remove files the layout does not need.`,
  tooLarge: () =>
    `The archive inflates to more than ${zipLayoutLimits.maxUncompressedBytes / MB} MB; the service accepts at most ${zipLayoutLimits.maxUncompressedBytes / MB} MB. Remove unused files or make the images smaller.`,
  compressedTooMuch: (path: string) =>
    `"${path}" is compressed more than ${zipLayoutLimits.maxCompressionRatio}:1, which is not plausible for a layout (zip bomb?). Zip the layout again with an ordinary tool.`,
  damaged: (path: string) => `"${path}" cannot be inflated; the archive is damaged.`,
  notAnImage: (path: string) =>
    `"${path}" is not a ${path.slice(path.lastIndexOf('.') + 1).toUpperCase()} image, although its name says so. Save it again in that format.`,
  missingIndex: (paths: readonly string[]) => {
    const nested = paths.find((p) => p.endsWith(`/${LAYOUT_INDEX}`) && !p.startsWith('__MACOSX/'));
    return nested
      ? `The archive has no ${LAYOUT_INDEX} at its root (found "${nested}"). Zip the contents of the folder, not the folder itself.`
      : `The archive has no ${LAYOUT_INDEX} at its root. Add the layout's HTML as ${LAYOUT_INDEX}.`;
  },
};

/**
 * Whether an entry of `produced` inflated bytes, `compressed` in the archive, is compressed
 * implausibly much (checked while inflating; declared sizes are not trusted).
 */
export const compressedTooMuch = (produced: number, compressed: number) =>
  produced > zipLayoutLimits.ratioCheckAboveBytes &&
  produced > zipLayoutLimits.maxCompressionRatio * Math.max(1, compressed);

const signatures: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
};

/** The content type of an image whose bytes match its extension; undefined otherwise. */
export function imageContentType(path: string, data: Uint8Array): string | undefined {
  const lower = path.toLowerCase();
  const extension = (
    Object.keys(layoutImageContentTypes) as (keyof typeof layoutImageContentTypes)[]
  ).find((ext) => lower.endsWith(ext));
  if (!extension) return undefined;
  const contentType = layoutImageContentTypes[extension];
  return signatures[contentType]!(data) ? contentType : undefined;
}
