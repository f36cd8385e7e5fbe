import {
  LAYOUT_IMAGES_DIR,
  LAYOUT_INDEX,
  layoutImageContentTypes,
  parseZipDataUri,
} from '../../../contract/mailings.js';
import {
  decodeLayoutHtml,
  findImageReferences,
  layoutMediaUrl,
  rewriteImportedReferences,
} from './layout-html.js';
import { ZipLayoutError, inflateEntries, openArchive } from './zip-archive.js';

export { ZipLayoutError } from './zip-archive.js';

export type LayoutImage = { path: string; contentType: string; data: Uint8Array };

/** A zipped layout, read and checked; `source(id)` gives index.html pointing at the media URLs. */
export type ImportedLayout = {
  images: LayoutImage[];
  source(layoutId: number): string;
};

/**
 * Reads a zip_file data URI into a layout (DESIGN §4): index.html at the root, plus the
 * .jpg/.jpeg/.png/.gif files under images/ that index.html references. Every entry is
 * inflated (and counted against the limits) even when unused, so a bomb is refused
 * wherever it hides. Throws ZipLayoutError with a message for the client.
 */
export async function importZipLayout(dataUri: string): Promise<ImportedLayout> {
  const parsed = parseZipDataUri(dataUri);
  if (!parsed.ok) throw new ZipLayoutError(parsed.message);
  const archive = Buffer.from(parsed.base64, 'base64');
  const { zip, entries } = await openArchive(archive);
  try {
    const index = entries.find((e) => e.path === LAYOUT_INDEX);
    if (!index) throw missingIndex(entries.map((e) => e.path));
    const budget = { used: 0 };
    const html = decodeLayoutHtml(
      (await inflateEntries(zip, [index], () => true, budget)).get(LAYOUT_INDEX)!,
    );
    // PostgreSQL text cannot hold NUL; a text layout with one is refused the same way.
    if (html.includes('\u0000')) {
      throw new ZipLayoutError(
        `${LAYOUT_INDEX} contains NUL characters, which a layout cannot hold.`,
      );
    }
    const references = findImageReferences(html);
    const others = entries.filter((e) => e !== index);
    const files = await inflateEntries(zip, others, (path) => references.has(path), budget);
    const images = [...files].map(([path, data]) => toImage(path, data));
    const imported = new Set(images.map((i) => i.path));
    return {
      images,
      source: (layoutId) =>
        rewriteImportedReferences(html, imported, (path) => layoutMediaUrl(layoutId, path)),
    };
  } finally {
    zip.close();
  }
}

function missingIndex(paths: string[]) {
  const nested = paths.find((p) => p.endsWith(`/${LAYOUT_INDEX}`) && !p.startsWith('__MACOSX/'));
  return new ZipLayoutError(
    nested
      ? `The archive has no ${LAYOUT_INDEX} at its root (found "${nested}"); zip the contents of the folder, not the folder itself.`
      : `The archive has no ${LAYOUT_INDEX} at its root.`,
  );
}

const signatures: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
};

/** Only referenced paths under images/ with an image extension reach this point. */
function toImage(path: string, data: Uint8Array): LayoutImage {
  const lower = path.toLowerCase();
  const extension = (
    Object.keys(layoutImageContentTypes) as (keyof typeof layoutImageContentTypes)[]
  ).find((ext) => lower.endsWith(ext))!;
  const contentType = layoutImageContentTypes[extension];
  if (!path.startsWith(LAYOUT_IMAGES_DIR) || !signatures[contentType]!(data)) {
    throw new ZipLayoutError(
      `"${path}" is not a ${extension.slice(1).toUpperCase()} image, although its name says so.`,
    );
  }
  return { path, contentType, data };
}
