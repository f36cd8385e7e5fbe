import iconv from 'iconv-lite';
import {
  findReferences,
  referencedImagePath,
  rewriteImageReferences,
} from '../../../contract/layout-references.js';

/**
 * index.html as text: a BOM decides, else the `<meta charset>` (or http-equiv Content-Type)
 * of the first KB when iconv-lite knows it, else UTF-8. A declared non-UTF-8 charset is
 * rewritten to utf-8, since the source is stored and served as Unicode text.
 */
export function decodeLayoutHtml(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return buffer.subarray(3).toString('utf8');
  }
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return iconv.decode(buffer.subarray(2), 'utf16le');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return iconv.decode(buffer.subarray(2), 'utf16be');
  const head = buffer.subarray(0, 1024).toString('latin1');
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  if (!declared || /^utf-?8$/i.test(declared) || !iconv.encodingExists(declared)) {
    return buffer.toString('utf8');
  }
  return iconv
    .decode(buffer, declared)
    .replace(/(<meta[^>]+charset\s*=\s*["']?\s*)[\w.:-]+/i, '$1utf-8');
}

/** Archive paths of the images index.html references. */
export function findImageReferences(html: string): Set<string> {
  const found = new Set<string>();
  for (const reference of findReferences(html)) {
    const path = referencedImagePath(reference);
    if (path) found.add(path);
  }
  return found;
}

/** Rewrites the references of the imported images to their public URLs, keeping the quoting. */
export const rewriteImportedReferences = (
  html: string,
  imported: ReadonlySet<string>,
  urlFor: (path: string) => string,
) => rewriteImageReferences(html, (path) => (imported.has(path) ? urlFor(path) : undefined));

/** The public URL of an imported layout image (served by media-routes.ts). */
export const layoutMediaUrl = (layoutId: number, path: string) =>
  `/media/layouts/${layoutId}/${path.split('/').map(encodeURIComponent).join('/')}`;
