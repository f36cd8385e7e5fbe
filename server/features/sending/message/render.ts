import { randomUUID } from 'node:crypto';
import {
  UNSUBSCRIBE_TAG,
  parseTemplate,
  tagText,
  type Tag,
  type TemplatePart,
} from '../../../../contract/personalization.js';
import type { Signer } from '../links/tokens.js';
import { trapLink } from '../links/trap.js';
import { TRAP_URL } from '../links/classify/classify.js';
import { escapeHtml } from '../../../../contract/escape-html.js';
import { manageLink, manageUrl, withManageLink } from './manage-link.js';

/** A variant as the sender needs it, compiled once per delivery (mailings are immutable). */
export type VariantTemplate = {
  fromName: string;
  fromEmail: string;
  replytoEmail: string;
  subject: string;
  html: Part[];
  text: Part[];
  /** The subject with its personalisation tags (docs/decisions/block-editor.md). */
  subjectParts: TemplatePart[];
  /** Whether any part names a subscriber field: then the sender loads recipients' values. */
  personal: boolean;
  /** The language of the manage link's label: the variant's first, else its list's. */
  language: string;
};

/**
 * Literal text, a link to wrap in the click redirect (`escape`: inside an attribute), or a
 * personalisation tag filled in per recipient.
 */
type Part =
  | string
  | { url: string; escape: boolean }
  | { tag: Tag }
  | { pixel: true }
  | { manage: 'html' | 'text' };

const BODY_END = /<\/body>/i;

/**
 * Where each message's open pixel goes: just before the first `</body>`, else at the end.
 * Placed once per variant, so no recipient's 30 KB of HTML is searched again.
 */
function withPixel(parts: Part[]): Part[] {
  const at = parts.findIndex((p) => typeof p === 'string' && BODY_END.test(p));
  if (at < 0) return [...parts, { pixel: true }];
  const literal = parts[at] as string;
  const split = literal.search(BODY_END);
  return [
    ...parts.slice(0, at),
    literal.slice(0, split),
    { pixel: true },
    literal.slice(split),
    ...parts.slice(at + 1),
  ];
}

/** Splits the literal parts further at personalisation tags (validated when the mailing was saved). */
function withTags(parts: Part[]): Part[] {
  return parts.flatMap((p) =>
    typeof p === 'string'
      ? parseTemplate(p).parts.map((t): Part => (typeof t === 'string' ? t : { tag: t }))
      : [p],
  );
}
const tagOf = (p: Part | TemplatePart): Tag | undefined =>
  typeof p === 'string' ? undefined : 'tag' in p ? p.tag : 'name' in p ? p : undefined;
const isPersonal = (parts: readonly (Part | TemplatePart)[]) =>
  parts.some((p) => {
    const tag = tagOf(p);
    return tag !== undefined && tag.name !== UNSUBSCRIBE_TAG;
  });

export type RecipientRef = {
  /** Who the tracking tokens name: a log id, `d<delivery>` (counts only) or `t` (a test). */
  who: string;
  email: string;
  subscriberId: number | null;
  deliveryId: number;
  /** The recipient's field values for personalisation tags (subscriber fields, custom fields). */
  fields?: Readonly<Record<string, unknown>>;
};

export type OutgoingMessage = {
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Absent on the service's own mail to users (invitations, resets): nothing to leave. */
  unsubscribeUrl?: string;
  /** The message's language (`Content-Language`), where it is written in one we chose. */
  language?: string;
  /** Whom a bounce of this message is about (the VERP envelope sender); none for a test. */
  bounceRef?: { deliveryId: number; subscriberId: number };
};

/** A layout's web links; the click map (statistics) finds them with the same pattern. */
export const HREF = /(\bhref\s*=\s*)(["'])(https?:\/\/[^"'\s]*)\2/gi;
const TEXT_URL = /https?:\/\/[^\s<>"')\]]+/gi;
/** Layout images are served at /media/layouts/…: absolute under PUBLIC_URL in messages. */
const MEDIA = /(["'(]\s*)\.?\/media\/layouts\//g;

const LOOKS_LIKE_HTML = /<(!doctype|html|body|p|div|a|table|br|h[1-6]|img|span|ul|strong|em)\b/i;

const decodeAttribute = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");

function splitLinks(source: string, pattern: RegExp, html: boolean): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const start = match.index;
    if (html) {
      const [, prefix, quote, url] = match as unknown as [string, string, string, string];
      parts.push(source.slice(last, start) + prefix + quote);
      parts.push({ url: decodeAttribute(url), escape: true });
      parts.push(quote);
    } else {
      parts.push(source.slice(last, start));
      parts.push({ url: match[0], escape: false });
    }
    last = start + match[0].length;
  }
  parts.push(source.slice(last));
  return parts;
}

/** The plain-text part of an HTML layout that came without one: its words, links kept. */
export function htmlToText(html: string): string {
  return decodeAttribute(
    html
      .replace(/<(head|style|script)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<br\s*\/?>|<\/(p|div|h\d|li|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function compileVariant(
  v: {
    fromName: string;
    fromEmail: string;
    replytoEmail: string;
    subject: string;
    layoutText: string;
    layoutSource: string;
    /** The variant's language (the manage link's label); English when unsaid. */
    language?: string;
  },
  baseUrl: string,
): VariantTemplate {
  // A text layout may hold HTML (the spec's `layout.text`); plain text is wrapped instead.
  const fromText = v.layoutSource === v.layoutText;
  const textOnly = fromText && !LOOKS_LIKE_HTML.test(v.layoutText);
  const html = textOnly
    ? `<!doctype html><html><body><div style="white-space:pre-wrap">${escapeHtml(v.layoutText)}</div></body></html>`
    : v.layoutSource.replace(MEDIA, `$1${baseUrl}/media/layouts/`);
  const text =
    !fromText && v.layoutText.trim() !== ''
      ? v.layoutText
      : fromText && textOnly
        ? v.layoutText
        : htmlToText(html);
  const htmlParts = withTags(splitLinks(html, textOnly ? TEXT_URL : HREF, !textOnly));
  const textParts = withTags(splitLinks(text, TEXT_URL, false));
  const subjectParts = parseTemplate(v.subject).parts;
  return {
    fromName: v.fromName,
    fromEmail: v.fromEmail,
    replytoEmail: v.replytoEmail,
    subject: v.subject,
    html: withPixel(withManageLink(htmlParts, true)),
    text: withManageLink(textParts, false),
    subjectParts,
    personal: isPersonal(htmlParts) || isPersonal(textParts) || isPersonal(subjectParts),
    language: v.language ?? 'en',
  };
}

/**
 * One recipient's message: every web link through the signed click redirect, an open pixel,
 * a unique Message-ID, the unsubscribe URL (List-Unsubscribe, RFC 8058) and the preference
 * centre's link.
 */
export function renderMessage(
  t: VariantTemplate,
  r: RecipientRef,
  baseUrl: string,
  signer: Signer,
): OutgoingMessage {
  const tracked = new Map<string, string>();
  // The n-th HTML link to a URL carries n (issue 51's click map tells same URLs apart by
  // position); the text part's links, and the first HTML one, carry none: the first.
  let seen = new Map<string, number>();
  // A test message records nothing: its links go straight to the layout's own URLs, and no
  // click token is signed for it (else any dashboard user could sign a redirect to anywhere).
  const test = r.who === 't';
  const link = (url: string, position = 1) => {
    if (test) return url;
    const key = `${position}\n${url}`;
    let out = tracked.get(key);
    if (!out) {
      out = `${baseUrl}/t/c/${signer.sign({ kind: 'k', who: r.who, url, position })}`;
      tracked.set(key, out);
    }
    return out;
  };
  const positioned = (url: string, html: boolean) => {
    if (!html) return link(url);
    const position = (seen.get(url) ?? 0) + 1;
    seen.set(url, position);
    return link(url, position);
  };
  // A test message names nobody in its unsubscribe link, even when it is filled in with a
  // subscriber's data: its reader (any address the sender chose) must not unsubscribe them.
  const unsubscribeUrl = `${baseUrl}/u/${signer.sign({
    kind: 'u',
    subscriber: test ? 0 : (r.subscriberId ?? 0),
    delivery: r.deliveryId,
  })}`;
  const values = { ...r.fields, [UNSUBSCRIBE_TAG]: unsubscribeUrl };
  // Like the unsubscribe link, a test message's names nobody (its page says so).
  const manage = manageLink(
    manageUrl(baseUrl, signer, test ? 0 : (r.subscriberId ?? 0)),
    t.language,
  );
  // The open pixel, and the trap link that only machines follow (links/trap.ts).
  const pixel = () =>
    test
      ? ''
      : `<img src="${baseUrl}/t/o/${signer.sign({ kind: 'o', who: r.who })}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">` +
        trapLink(escapeHtml(link(TRAP_URL)));
  const fill = (parts: Part[], html: boolean) => {
    seen = new Map();
    return parts
      .map((p) =>
        typeof p === 'string'
          ? p
          : 'tag' in p
            ? tagText(p.tag, values, html)
            : 'pixel' in p
              ? pixel()
              : 'manage' in p
                ? manage[p.manage]
                : p.escape
                  ? escapeHtml(positioned(p.url, html))
                  : positioned(p.url, html),
      )
      .join('');
  };
  const html = fill(t.html, true);
  const domain = t.fromEmail.split('@')[1] || 'mailboard.invalid';
  return {
    from: { name: t.fromName, address: t.fromEmail },
    to: r.email,
    ...(t.replytoEmail ? { replyTo: t.replytoEmail } : {}),
    subject: t.subjectParts
      .map((p) => (typeof p === 'string' ? p : tagText(p, values, false)))
      .join(''),
    html,
    text: fill(t.text, false),
    messageId: `<${randomUUID()}@${domain}>`,
    unsubscribeUrl,
    ...(r.subscriberId !== null && r.deliveryId > 0
      ? { bounceRef: { deliveryId: r.deliveryId, subscriberId: r.subscriberId } }
      : {}),
  };
}
