import { escapeHtml } from '../../../../contract/escape-html.js';

/**
 * The small pages behind the links in messages: plain HTML with a form, no scripts (they
 * render under the server's CSP), in the recipient's language-neutral English.
 */

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function unsubscribeForm(action: string, email: string, listName: string): string {
  return page(
    'Unsubscribe',
    `<p>Stop sending <strong>${escapeHtml(listName)}</strong> to ${escapeHtml(email)}?</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="scope" value="list">Unsubscribe from this list</button><br>
<button type="submit" name="scope" value="all">Unsubscribe from all lists</button>
</form>`,
  );
}

export function confirmForm(action: string, email: string, listName: string): string {
  return page(
    'Confirm your subscription',
    `<p>Press the button to start receiving <strong>${escapeHtml(listName)}</strong> at ${escapeHtml(email)}.</p>
<p>If you did not sign up, ignore this page: nothing is sent until you confirm.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Confirm subscription</button>
</form>`,
  );
}

export const message = (title: string, text: string) => page(title, `<p>${escapeHtml(text)}</p>`);
