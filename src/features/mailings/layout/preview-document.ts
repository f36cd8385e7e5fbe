import { sandboxCsp, sandboxedDocument } from '../../../lib/sandboxed-html';
import { rewriteImageReferences } from './layout-html';

/**
 * The preview's policy (with the iframe's `sandbox=""`): nothing loads or runs except inline
 * styles and images given as data:/blob: URLs — plus, for stored layouts, the images the
 * service serves under `extraImageSources`.
 */
export const previewCsp = (extraImageSources: readonly string[] = []): string =>
  sandboxCsp(['data:', 'blob:', ...extraImageSources]);

/**
 * The HTML shown in the preview iframe: references to archive images point at `imageUrls`
 * (data: URLs), then sandboxedDocument adds the CSP; links open nowhere (the preview's
 * sandbox allows no popups), so the preview cannot navigate away.
 */
export function buildPreviewDocument(
  html: string,
  options: { imageUrls?: ReadonlyMap<string, string>; extraImageSources?: readonly string[] } = {},
): string {
  const { imageUrls, extraImageSources = [] } = options;
  const rewritten = imageUrls ? rewriteImageReferences(html, (path) => imageUrls.get(path)) : html;
  return sandboxedDocument(rewritten, ['data:', 'blob:', ...extraImageSources]);
}

/** Whether a stored layout's `source` is HTML (a text layout's source is its text). */
export const looksLikeHtml = (source: string) =>
  /<(!doctype|html|head|body|table|div|p|img|br|span|a)\b/i.test(source);
