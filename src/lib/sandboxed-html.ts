/**
 * Untrusted HTML (a layout, a sent message) is only ever shown inside a sandboxed iframe
 * (components/sandboxed-frame.tsx) as a `srcdoc` carrying its own Content-Security-Policy:
 * nothing loads or runs except inline styles and images from `imageSources`.
 */
export function sandboxCsp(imageSources: readonly string[]): string {
  return [
    "default-src 'none'",
    ['img-src', ...imageSources].join(' '),
    "style-src 'unsafe-inline'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The document for the frame: the CSP meta comes before any other content so it governs the
 * whole document, links target a new tab (`<base target="_blank">`; whether they may open at
 * all is the frame's `sandbox`), and meta refreshes are dropped so it cannot navigate away.
 */
export function sandboxedDocument(html: string, imageSources: readonly string[]): string {
  const withoutRefresh = html.replace(/<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/gi, '');
  const injected =
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(sandboxCsp(imageSources))}">` +
    '<base target="_blank">';
  const doctype = /^\s*<!doctype[^>]*>/i.exec(withoutRefresh);
  return doctype
    ? doctype[0] + injected + withoutRefresh.slice(doctype[0].length)
    : injected + withoutRefresh;
}
