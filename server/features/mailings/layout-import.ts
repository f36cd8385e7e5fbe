import { LAYOUT_IMAGES_DIR, LAYOUT_INDEX, parseZipDataUri } from '../../../contract/mailings.js';
import { imageContentType, zipMessages } from '../../../contract/zip-entries.js';
import { decodeLayoutHtml } from '../../../contract/layout-html.js';
import { findImageReferences, layoutMediaUrl, rewriteImportedReferences } from './layout-html.js';
import { ZipLayoutError, inflateEntries, openArchive } from './zip-archive.js';

export { ZipLayoutError } from './zip-archive.js';

export type LayoutImage = { path: string; contentType: string; data: Uint8Array };

/** A zipped layout, read and checked; `source(id)` gives index.html pointing at the media URLs. */
export type ImportedLayout = {
  images: LayoutImage[];
  source(layoutId: number): string;
  /** index.html with each imported image at `urlFor(path)` (a test sent before the layout is stored). */
  sourceAt(urlFor: (path: string) => string): string;
  /** index.html as it came, for the personalisation check. */
  html: string;
  /** mailboard.json, the block document of a layout made in the dashboard (docs/decisions/block-editor.md). */
  document: string | null;
};

/** Kept beside a layout so the dashboard can reopen its blocks; the mail never shows it. */
export const LAYOUT_DOCUMENT = 'mailboard.json';
const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Reads a zip_file data URI into a layout (docs/architecture.md): index.html at the root, plus the
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
    if (!index) throw new ZipLayoutError(zipMessages.missingIndex(entries.map((e) => e.path)));
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
    const files = await inflateEntries(
      zip,
      others,
      (path) => references.has(path) || path === LAYOUT_DOCUMENT,
      budget,
    );
    const documentBytes = files.get(LAYOUT_DOCUMENT);
    files.delete(LAYOUT_DOCUMENT);
    const images = [...files].map(([path, data]) => toImage(path, data));
    const imported = new Set(images.map((i) => i.path));
    return {
      images,
      html,
      document: readDocument(documentBytes),
      source: (layoutId) =>
        rewriteImportedReferences(html, imported, (path) => layoutMediaUrl(layoutId, path)),
      sourceAt: (urlFor) => rewriteImportedReferences(html, imported, urlFor),
    };
  } finally {
    zip.close();
  }
}

/** The block document when it is valid UTF-8 JSON of a sensible size; otherwise none. */
function readDocument(bytes: Uint8Array | undefined): string | null {
  if (!bytes || bytes.length > DOCUMENT_MAX_BYTES) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    JSON.parse(text);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** Only referenced paths with an image extension reach this point. */
function toImage(path: string, data: Uint8Array): LayoutImage {
  const contentType = path.startsWith(LAYOUT_IMAGES_DIR) && imageContentType(path, data);
  if (!contentType) throw new ZipLayoutError(zipMessages.notAnImage(path));
  return { path, contentType, data };
}
