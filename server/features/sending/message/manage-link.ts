import { escapeHtml } from '../../../../contract/escape-html.js';
import { UNSUBSCRIBE_TAG, type Tag } from '../../../../contract/personalization.js';
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

const LINK_END = /<\/a\s*>/i;
const BODY_END = /<\/body>/i;

/** Where the link goes among a variant's compiled parts (render.ts): its own part. */
type ManageMarker = { manage: 'html' | 'text' };
type Parts<P> = (string | P | ManageMarker)[];

const isUnsubscribeTag = (p: unknown) =>
  typeof p === 'object' && p !== null && 'tag' in p && (p.tag as Tag).name === UNSUBSCRIBE_TAG;
/**
 * Where the "Manage your subscription" link goes (issue 50): right after the unsubscribe
 * link's `</a>` (HTML) or its line (text) wherever the layout has one, else at the end of
 * the body. Placed once per variant, as the pixel is.
 */
export function withManageLink<P extends object>(parts: Parts<P>, html: boolean): Parts<P> {
  const out = [...parts];
  let placed = false;
  for (let i = out.length - 1; i >= 0; i--) {
    if (!isUnsubscribeTag(out[i]!)) continue;
    const next = out[i + 1];
    if (!html) {
      out.splice(i + 1, 0, '\n', { manage: 'text' });
      placed = true;
    } else if (typeof next === 'string' && LINK_END.test(next)) {
      const end = next.search(LINK_END) + next.match(LINK_END)![0].length;
      out.splice(i + 1, 1, next.slice(0, end), ' · ', { manage: 'html' }, next.slice(end));
      placed = true;
    }
  }
  if (placed) return out;
  if (!html) return [...out, '\n\n', { manage: 'text' }];
  const at = out.findIndex((p) => typeof p === 'string' && BODY_END.test(p));
  const footer: Parts<P> = [
    '<p style="font-size:12px;text-align:center">',
    { manage: 'html' },
    '</p>',
  ];
  if (at < 0) return [...out, ...footer];
  const literal = out[at] as string;
  const split = literal.search(BODY_END);
  return [
    ...out.slice(0, at),
    literal.slice(0, split),
    ...footer,
    literal.slice(split),
    ...out.slice(at + 1),
  ];
}
