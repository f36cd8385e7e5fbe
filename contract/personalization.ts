import { escapeHtml } from './escape-html.js';
import { subscriberDataFields } from './fields.js';

/**
 * Personalisation tags in subjects and layouts (docs/decisions/block-editor.md), written once for
 * the dashboard's preview and the server's per-recipient rendering:
 *
 *   {{ first_name }}                      the subscriber's value, "" when empty
 *   {{ first_name | default: "there" }}   the text in quotes when the value is empty
 *   {{ company }}                         a custom field (shared or of the list), by name
 *   {{ unsubscribe_url }}                 the recipient's unsubscribe link (never tracked)
 *
 * Names are field names (lowercase slugs). Values are HTML-escaped in HTML and kept as they
 * are in the plain-text part. A tag naming no known field is an error when the mailing is
 * saved, so it never becomes an empty string in every message.
 */

/** Built-in subscriber fields a tag may name (ids and bookkeeping fields are not offered). */
export const personalSubscriberFields = subscriberDataFields;

/** Tags the sender fills in per message rather than from the subscriber. */
export const UNSUBSCRIBE_TAG = 'unsubscribe_url';

export type Tag = { name: string; fallback: string };
/** Literal text, or a tag to fill in. */
export type TemplatePart = string | Tag;

export type TagProblem = { tag: string; message: string };

const TAG = /\{\{([\s\S]*?)\}\}/g;
const NAME = /^[a-z_][a-z0-9_]*$/;
const BODY = /^\s*([A-Za-z0-9_.-]*)\s*(?:\|\s*default\s*:\s*(?:"([^"]*)"|'([^']*)')\s*)?$/;

/** Inside HTML, an editor may have written the quotes of `default: "…"` as entities. */
const decodeQuotes = (v: string) =>
  v
    .replace(/&quot;|&#34;|&#x22;/gi, '"')
    .replace(/&#39;|&#x27;|&apos;/gi, "'")
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/gi, '&');

/** Splits a template into text and tags; malformed tags are reported and kept as text. */
export function parseTemplate(source: string): { parts: TemplatePart[]; problems: TagProblem[] } {
  const parts: TemplatePart[] = [];
  const problems: TagProblem[] = [];
  let last = 0;
  let text = '';
  for (const match of source.matchAll(TAG)) {
    const body = BODY.exec(decodeQuotes(match[1]!));
    const name = body?.[1] ?? '';
    if (!body || !NAME.test(name)) {
      problems.push({
        tag: match[0],
        message: `${match[0]} is not a personalisation tag; write {{ field_name }} or {{ field_name | default: "text" }}.`,
      });
      continue;
    }
    text += source.slice(last, match.index);
    if (text) parts.push(text);
    text = '';
    parts.push({ name, fallback: body[2] ?? body[3] ?? '' });
    last = match.index + match[0].length;
  }
  text += source.slice(last);
  if (text) parts.push(text);
  return { parts, problems };
}

/**
 * Every problem of a template: malformed tags, and names that are neither a subscriber
 * field, a custom field in `known`, nor `unsubscribe_url`.
 */
export function templateProblems(source: string, known: Iterable<string>): TagProblem[] {
  const names = new Set<string>([...personalSubscriberFields, UNSUBSCRIBE_TAG, ...known]);
  const { parts, problems } = parseTemplate(source);
  for (const part of parts) {
    if (typeof part === 'string' || names.has(part.name)) continue;
    problems.push({
      tag: `{{ ${part.name} }}`,
      message: `{{ ${part.name} }} names no field of this list; use one of ${[...names].join(', ')}.`,
    });
  }
  return problems;
}

export type TagValues = Readonly<Record<string, unknown>>;

/** A tag's text for one recipient: the value, else the fallback; escaped for HTML. */
export function tagText(tag: Tag, values: TagValues, html: boolean): string {
  const value = values[tag.name];
  const raw = value === null || value === undefined || value === '' ? tag.fallback : String(value);
  return html ? escapeHtml(raw) : raw;
}

/** Fills every tag of parsed parts in (HTML escaping when `html`). */
export const renderParts = (parts: readonly TemplatePart[], values: TagValues, html: boolean) =>
  parts.map((p) => (typeof p === 'string' ? p : tagText(p, values, html))).join('');

/** Parses and fills a template in one go (previews, subjects). */
export const renderTemplate = (source: string, values: TagValues, html: boolean) =>
  renderParts(parseTemplate(source).parts, values, html);
