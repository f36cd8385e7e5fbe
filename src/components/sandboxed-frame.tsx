import type { CSSProperties } from 'react';

/**
 * The one way untrusted HTML reaches the screen: an iframe whose `sandbox` never allows
 * scripts or same-origin access, showing a `document` built by lib/sandboxed-html.ts (which
 * carries its own CSP). With `linksOpen`, links open in a new tab, outside the sandbox
 * (`allow-popups allow-popups-to-escape-sandbox`; the document's `<base target="_blank">`
 * sends every link there); otherwise nothing can be opened at all.
 */
export function SandboxedFrame({
  document,
  title,
  linksOpen = false,
  style,
}: {
  document: string;
  title: string;
  linksOpen?: boolean;
  style?: CSSProperties;
}) {
  return (
    <iframe
      title={title}
      sandbox={linksOpen ? 'allow-popups allow-popups-to-escape-sandbox' : ''}
      srcDoc={document}
      referrerPolicy="no-referrer"
      style={{ display: 'block', border: 0, background: 'white', ...style }}
    />
  );
}
