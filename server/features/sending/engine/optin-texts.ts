import { escapeHtml } from '../../../../contract/escape-html.js';
import {
  pageLanguage,
  textsIn,
  type PageLanguage,
  type TextTable,
} from '../../../lib/public-page.js';

/** The opt-in mail's words per language (issue 50, item 6): the subscriber's, else English. */
const OPTIN_TEXTS: TextTable<{
  subject: (lists: string) => string;
  ask: string;
  button: string;
  ignore: string;
}> = {
  en: {
    subject: (lists) => `Please confirm your subscription to ${lists}`,
    ask: 'Please confirm that you want to receive',
    button: 'Confirm my subscription',
    ignore: 'If you did not ask for this, ignore this message.',
  },
  de: {
    subject: (lists) => `Bitte bestätigen Sie Ihr Abonnement von ${lists}`,
    ask: 'Bitte bestätigen Sie, dass Sie Folgendes erhalten möchten:',
    button: 'Abonnement bestätigen',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.',
  },
  fr: {
    subject: (lists) => `Veuillez confirmer votre abonnement à ${lists}`,
    ask: 'Veuillez confirmer que vous souhaitez recevoir',
    button: 'Confirmer mon abonnement',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  },
};

/** The opt-in mail for the lists named, in the subscriber's language (else English). */
export function optinMail(
  subscriberLanguage: string,
  listNames: string[],
  url: string,
): { language: PageLanguage; subject: string; text: string; html: string } {
  const language = pageLanguage([subscriberLanguage || null, 'en']);
  const t = textsIn(OPTIN_TEXTS, language);
  const lists = listNames.map((n) => `"${n}"`).join(', ');
  const strong = listNames.map((n) => `<strong>${escapeHtml(n)}</strong>`).join(', ');
  return {
    language,
    subject: t.subject(listNames.join(', ')),
    text: `${t.ask} ${lists}:\n\n${url}\n\n${t.ignore}`,
    html: `<!doctype html><html lang="${language}"><body><p>${escapeHtml(t.ask)} ${strong}:</p><p><a href="${escapeHtml(url)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p></body></html>`,
  };
}
