import { escapeHtml } from '../../../../contract/escape-html.js';
import {
  publicPage,
  textsIn,
  type PageLanguage,
  type TextTable,
} from '../../../lib/public-page.js';

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

/** The opt-in confirmation's words (issue 50, item 6). */
const CONFIRM_TEXTS: TextTable<{
  title: string;
  ask: (list: string, email: string) => string;
  ignore: string;
  button: string;
  doneTitle: string;
  done: (email: string, list: string) => string;
}> = {
  en: {
    title: 'Confirm your subscription',
    ask: (list, email) => `Press the button to start receiving ${list} at ${email}.`,
    ignore: 'If you did not sign up, ignore this page: nothing is sent until you confirm.',
    button: 'Confirm subscription',
    doneTitle: 'Subscription confirmed',
    done: (email, list) => `${email} now receives ${list}.`,
  },
  de: {
    title: 'Abonnement bestätigen',
    ask: (list, email) => `Drücken Sie die Schaltfläche, um ${list} an ${email} zu erhalten.`,
    ignore:
      'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese Seite: Wir senden nichts, bevor Sie bestätigen.',
    button: 'Abonnement bestätigen',
    doneTitle: 'Abonnement bestätigt',
    done: (email, list) => `${email} erhält jetzt ${list}.`,
  },
  fr: {
    title: 'Confirmez votre abonnement',
    ask: (list, email) => `Appuyez sur le bouton pour recevoir ${list} à l’adresse ${email}.`,
    ignore:
      'Si vous ne vous êtes pas inscrit, ignorez cette page : rien n’est envoyé avant votre confirmation.',
    button: 'Confirmer l’abonnement',
    doneTitle: 'Abonnement confirmé',
    done: (email, list) => `${email} reçoit désormais ${list}.`,
  },
};

export function confirmForm(
  action: string,
  email: string,
  listName: string,
  language: PageLanguage,
): string {
  const t = textsIn(CONFIRM_TEXTS, language);
  const [before, after] = t.ask('\u0000', email).split('\u0000');
  return publicPage({
    language,
    title: t.title,
    body: `<p>${escapeHtml(before ?? '')}<strong>${escapeHtml(listName)}</strong>${escapeHtml(after ?? '')}</p>
<p>${escapeHtml(t.ignore)}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">${escapeHtml(t.button)}</button>
</form>`,
  });
}

export function confirmedPage(language: PageLanguage, email: string, listName: string): string {
  const t = textsIn(CONFIRM_TEXTS, language);
  return publicPage({
    language,
    title: t.doneTitle,
    body: `<p>${escapeHtml(t.done(email, listName))}</p>`,
  });
}

export const message = (title: string, text: string) => page(title, `<p>${escapeHtml(text)}</p>`);
