import iconv from 'iconv-lite';
import { LAYOUT_IMAGES_DIR, layoutImageContentTypes } from '../../../contract/mailings.js';

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

/** `src` / `background` attributes (any quoting) and CSS `url()` anywhere in the document. */
const attributePattern =
  /((?<![\w-])(?:src|background)\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const cssUrlPattern = /(url\(\s*)(?:"([^"]*)"|'([^']*)'|([^\s"')]+))(\s*\))/gi;

/** The archive path an HTML reference points at, when it is a local image under images/. */
export function referencedImagePath(reference: string): string | undefined {
  let path = reference.trim();
  while (path.startsWith('./')) path = path.slice(2);
  if (!path.startsWith(LAYOUT_IMAGES_DIR)) return undefined;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray "%" is part of the file name.
  }
  const lower = path.toLowerCase();
  const isImage = Object.keys(layoutImageContentTypes).some((ext) => lower.endsWith(ext));
  return isImage ? path : undefined;
}

/** Archive paths of the images index.html references. */
export function findImageReferences(html: string): Set<string> {
  const found = new Set<string>();
  for (const pattern of [attributePattern, cssUrlPattern]) {
    for (const match of html.matchAll(pattern)) {
      const path = referencedImagePath(match[2] ?? match[3] ?? match[4] ?? '');
      if (path) found.add(path);
    }
  }
  return found;
}

/** Rewrites the references of the imported images to their public URLs, keeping the quoting. */
export function rewriteImageReferences(
  html: string,
  imported: ReadonlySet<string>,
  urlFor: (path: string) => string,
): string {
  const replace = (value: string) => {
    const path = referencedImagePath(value);
    return path && imported.has(path) ? urlFor(path) : value;
  };
  return html
    .replace(attributePattern, (whole, prefix: string, dq?: string, sq?: string, bare?: string) => {
      if (dq !== undefined) return `${prefix}"${replace(dq)}"`;
      if (sq !== undefined) return `${prefix}'${replace(sq)}'`;
      return bare !== undefined ? `${prefix}${replace(bare)}` : whole;
    })
    .replace(
      cssUrlPattern,
      (whole, prefix: string, dq?: string, sq?: string, bare?: string, suffix = ')') => {
        if (dq !== undefined) return `${prefix}"${replace(dq)}"${suffix}`;
        if (sq !== undefined) return `${prefix}'${replace(sq)}'${suffix}`;
        return bare !== undefined ? `${prefix}${replace(bare)}${suffix}` : whole;
      },
    );
}

/** The public URL of an imported layout image (served by media-routes.ts). */
export const layoutMediaUrl = (layoutId: number, path: string) =>
  `/media/layouts/${layoutId}/${path.split('/').map(encodeURIComponent).join('/')}`;
