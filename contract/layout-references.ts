import { LAYOUT_IMAGES_DIR, layoutImageExtensions } from './mailings.js';

/**
 * How the service reads index.html (docs/decisions/api-choices.md): `src` / `background` attributes (any
 * quoting) and CSS `url()` anywhere in the document, with or without a leading `./`. Shared
 * by the server (which imports and rewrites) and the browser's inspector (which predicts it).
 */
const attributePattern =
  /((?<![\w-])(?:src|background)\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const cssUrlPattern = /(url\(\s*)(?:"([^"]*)"|'([^']*)'|([^\s"')]+))(\s*\))/gi;

const hasImageExtension = (path: string) => {
  const lower = path.toLowerCase();
  return layoutImageExtensions.some((ext) => lower.endsWith(ext));
};

function stripDotSlash(reference: string): string {
  let path = reference.trim();
  while (path.startsWith('./')) path = path.slice(2);
  return path;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // A stray "%" is part of the file name.
    return path;
  }
}

/** The archive path a reference points at when the service would import it (images/…). */
export function referencedImagePath(reference: string): string | undefined {
  const path = stripDotSlash(reference);
  if (!path.startsWith(LAYOUT_IMAGES_DIR)) return undefined;
  const decoded = decodePath(path);
  return hasImageExtension(decoded) ? decoded : undefined;
}

/** Whether a reference leaves the archive: a URL with a scheme, `//host`, `#fragment` or empty. */
export function isExternalReference(reference: string): boolean {
  const value = reference.trim();
  return (
    value === '' ||
    value.startsWith('#') ||
    value.startsWith('//') ||
    /^[a-z][\w+.-]*:/i.test(value)
  );
}

/** Every reference in src/background/url(), as written (duplicates removed). */
export function findReferences(html: string): string[] {
  const found = new Set<string>();
  for (const pattern of [attributePattern, cssUrlPattern]) {
    for (const match of html.matchAll(pattern)) found.add(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return [...found];
}

export type ReferenceReport = {
  /** Archive paths under images/ the service imports when present. */
  images: Set<string>;
  /** Relative references to image files outside images/: the service leaves them broken. */
  outsideImages: string[];
  /** Other relative references (fonts, stylesheets, …): not imported either. */
  otherLocal: string[];
};

/** Sorts index.html's references by what the service does with them. */
export function classifyReferences(html: string): ReferenceReport {
  const report: ReferenceReport = { images: new Set(), outsideImages: [], otherLocal: [] };
  for (const reference of findReferences(html)) {
    if (isExternalReference(reference)) continue;
    const image = referencedImagePath(reference);
    if (image) report.images.add(image);
    else if (hasImageExtension(decodePath(stripDotSlash(reference).split(/[?#]/)[0]!)))
      report.outsideImages.push(reference);
    else report.otherLocal.push(reference);
  }
  return report;
}

/** Rewrites references of the given archive images (keeping the quoting), as the server does. */
export function rewriteImageReferences(
  html: string,
  urlFor: (path: string) => string | undefined,
): string {
  const replace = (value: string) => {
    const path = referencedImagePath(value);
    return (path && urlFor(path)) ?? value;
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
