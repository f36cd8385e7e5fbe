import { escapeHtml } from '../../../../contract/escape-html.js';
import type { Signer } from '../links/tokens.js';

/**
 * The "Manage your subscription" link every message carries beside its unsubscribe link
 * (issue 50): GET /p/{token} is the preference centre. Its token names the subscriber and
 * the day it was signed (docs/decisions/preference-centre.md).
 */
const LABELS = {
  en: 'Manage your subscription',
  de: 'Abonnement verwalten',
  fr: 'Gérer votre abonnement',
} as const;

const DAY_MS = 86_400_000;

/** The label in `language` (en, de, fr), English for any other. */
export const manageLabel = (language: string | null | undefined) =>
  LABELS[(language ?? '').slice(0, 2).toLowerCase() as keyof typeof LABELS] ?? LABELS.en;

/** The preference centre's URL for subscriber `subscriber` (0: a test message's, naming nobody). */
export const manageUrl = (baseUrl: string, signer: Signer, subscriber: number, now = Date.now()) =>
  `${baseUrl}/p/${signer.sign({ kind: 'p', subscriber, day: Math.floor(now / DAY_MS) })}`;

/** The link as HTML (an anchor) and as a plain-text line. */
export const manageLink = (url: string, language: string | null | undefined) => ({
  html: `<a href="${escapeHtml(url)}">${escapeHtml(manageLabel(language))}</a>`,
  text: `${manageLabel(language)}: ${url}`,
});
