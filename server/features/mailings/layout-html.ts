import {
  findReferences,
  referencedImagePath,
  rewriteImageReferences,
} from '../../../contract/layout-references.js';

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
