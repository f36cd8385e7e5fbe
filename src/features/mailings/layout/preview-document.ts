import { rewriteImageReferences } from './layout-html';

/**
 * The preview's policy (with the iframe's `sandbox=""`): nothing loads or runs except inline
 * styles and images given as data:/blob: URLs — plus, for stored layouts, the images the
 * service serves under `extraImageSources`.
 */
export function previewCsp(extraImageSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    ['img-src data: blob:', ...extraImageSources].join(' '),
    "style-src 'unsafe-inline'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The HTML shown in the preview iframe: references to archive images point at `imageUrls`
 * (data: URLs), a CSP meta comes before any other content so it governs the whole document,
 * links open nowhere (no popups in the sandbox) and meta refreshes are dropped, so the
 * preview cannot navigate away.
 */
export function buildPreviewDocument(
  html: string,
  options: { imageUrls?: ReadonlyMap<string, string>; extraImageSources?: readonly string[] } = {},
): string {
  const { imageUrls, extraImageSources } = options;
  const rewritten = imageUrls ? rewriteImageReferences(html, (path) => imageUrls.get(path)) : html;
  const withoutRefresh = rewritten.replace(
    /<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/gi,
    '',
  );
  const injected =
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(previewCsp(extraImageSources))}">` +
    '<base target="_blank">';
  const doctype = /^\s*<!doctype[^>]*>/i.exec(withoutRefresh);
  return doctype
    ? doctype[0] + injected + withoutRefresh.slice(doctype[0].length)
    : injected + withoutRefresh;
}

/** Whether a stored layout's `source` is HTML (a text layout's source is its text). */
export const looksLikeHtml = (source: string) =>
  /<(!doctype|html|head|body|table|div|p|img|br|span|a)\b/i.test(source);
