import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../contract/escape-html.js';
import { negotiateLocale } from './locale.js';

/**
 * The one shell of every public page (the links in messages, hosted sign-up forms, the
 * preference centre): a complete HTML document in one of {@link PAGE_LANGUAGES}, styled by
 * one inline stylesheet named by its hash in a strict CSP of its own, so these pages load
 * nothing from another origin and run no script but our own files (docs/decisions/forms.md).
 */

export const PAGE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

const isPageLanguage = (value: unknown): value is PageLanguage =>
  typeof value === 'string' && (PAGE_LANGUAGES as readonly string[]).includes(value);

/**
 * The page's language: the first candidate we have texts for (a form's language, then the
 * subscriber's, …), else the best of `Accept-Language` among ours, else English. Candidates
 * may be tags such as `de-CH`: their primary subtag counts.
 */
export function pageLanguage(
  candidates: readonly (string | null | undefined)[],
  acceptLanguage?: string,
): PageLanguage {
  for (const candidate of candidates) {
    const primary = candidate?.split('-')[0]?.toLowerCase();
    if (isPageLanguage(primary)) return primary;
  }
  const negotiated = negotiateLocale(acceptLanguage, PAGE_LANGUAGES);
  return isPageLanguage(negotiated) ? negotiated : 'en';
}

/**
 * A per-language text table: each language has every key (TypeScript checks it), values are
 * plain strings or functions of what they print. Escape what they print (HTML-wise) at use.
 */
export type TextTable<T> = Record<PageLanguage, T>;

/** The texts of a table in a language. */
export const textsIn = <T>(table: TextTable<T>, language: PageLanguage): T => table[language];

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=text],select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #555;border-radius:4px}
fieldset{border:1px solid #999;border-radius:4px;margin:1rem 0;padding:.5rem 1rem}
fieldset label{font-weight:400;display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.small{font-size:.875rem;color:#444}
a{color:#0b57d0}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The CSP of public pages: nothing from anywhere but the inline stylesheet above and our
 * own scripts, stylesheets and fetches (the proof-of-work widget, its worker and its
 * stylesheet, which it would otherwise write inline); forms post to this
 * origin, or also to the origins given (a redirect after a post is checked against it too).
 */
export function publicPageCsp(formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${STYLE_HASH}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ['form-action', "'self'", ...formTargets].join(' '),
  ].join('; ');
}

export interface PublicPage {
  language: PageLanguage;
  title: string;
  /** The page's content as HTML (escape what it prints). */
  body: string;
  /** Extra elements for `<head>`, e.g. a same-origin `<script type="module" src>`. */
  head?: string;
}

export function publicPage({ language, title, body, head = '' }: PublicPage): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${head}
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * Sends a public page with its headers: its own CSP (replacing the dashboard's), its
 * language, never cached (they show a person's address).
 */
export function sendPublicPage(
  reply: FastifyReply,
  status: number,
  page: PublicPage | string,
  options: { formTargets?: readonly string[] } = {},
) {
  const html = typeof page === 'string' ? page : publicPage(page);
  const language = typeof page === 'string' ? /lang="(\w+)"/.exec(html)?.[1] : page.language;
  if (language) reply.header('content-language', language);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', publicPageCsp(options.formTargets))
    .send(html);
}
