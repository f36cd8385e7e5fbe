/**
 * Text made safe to place in HTML: element content and attribute values, double- or
 * single-quoted. The one escaper of both ends: personalisation values in messages
 * (personalization.ts), the composer's blocks (src/features/mailings/blocks/to-mjml.ts) and the
 * server's own mail and pages. Personalisation tags survive it: `{{ x | default: "y" }}` comes
 * out with entity quotes, which parseTemplate reads back (decodeQuotes).
 */
export const escapeHtml = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
