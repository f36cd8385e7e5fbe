import { escapeHtml } from '../../../../contract/escape-html.js';
import { publicPage } from '../../../lib/public-page.js';

/**
 * The small pages behind the links in messages: plain HTML with a form, no scripts, in the
 * public page shell (server/lib/public-page.ts), in English.
 */

const page = (title: string, body: string) => publicPage({ language: 'en', title, body });

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
