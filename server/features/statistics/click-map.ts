import { sql } from 'drizzle-orm';
import type { ClickMap } from '../../../contract/statistics.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { HREF } from '../sending/index.js';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
// As the message renderer reads an href (sending/message/render.ts), so the URLs match.
const decodeAttribute = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");

/** The badges' look: inline CSS only, which the preview's CSP allows (no script runs). */
const BADGE_STYLE =
  '<style>.mailboard-clicks{display:inline-block;margin:0 4px;padding:0 6px;border-radius:9px;' +
  'background:#c92a2a;color:#fff;font:700 12px/18px system-ui,sans-serif;text-decoration:none;' +
  'vertical-align:middle;white-space:nowrap}</style>';

type Counts = Map<string, { human: number; machine: number }>;

/**
 * The layout with each link's people's clicks: every web link is counted in order (the n-th
 * link to a URL is position n, as the renderer numbers them); an `<a>` gets a
 * `data-mailboard-clicks` attribute and a badge after its opening tag. Everything added is
 * escaped; the layout itself is shown as it is, in the sandboxed preview only.
 */
export function annotateLayout(source: string, counts: Counts) {
  const seen = new Map<string, number>();
  const links: ClickMap['links'] = [];
  let html = '';
  let last = 0;
  for (const match of source.matchAll(HREF)) {
    const url = decodeAttribute(match[3]!);
    const position = (seen.get(url) ?? 0) + 1;
    seen.set(url, position);
    const count = counts.get(`${position}\n${url}`) ?? { human: 0, machine: 0 };
    links.push({ url, position, ...count });
    const tagStart = source.lastIndexOf('<', match.index);
    const tagEnd = source.indexOf('>', match.index + match[0].length);
    if (!/^<a\b/i.test(source.slice(tagStart, tagStart + 3)) || tagEnd < 0 || tagEnd < last)
      continue;
    const label = `${count.human} ${count.human === 1 ? 'click' : 'clicks'}`;
    html +=
      source.slice(last, tagEnd) +
      ` data-mailboard-clicks="${count.human}">` +
      `<span class="mailboard-clicks" title="${escapeHtml(`${label} by people on link ${position} to ${url}`)}">${label}</span>`;
    last = tagEnd + 1;
  }
  html += source.slice(last);
  const head = [/<head\b[^>]*>/i, /<body\b[^>]*>/i, /^\s*<!doctype[^>]*>/i]
    .map((pattern) => pattern.exec(html))
    .find(Boolean);
  const at = head ? head.index + head[0].length : 0;
  return { html: html.slice(0, at) + BADGE_STYLE + html.slice(at), links };
}

/**
 * GET /statistics/click-map: one variant (the first when none is named) of a mailing the
 * caller may see, with its clicks by position and class. Null: no such mailing or variant.
 */
export async function clickMap(
  db: Executor,
  mailing: number,
  variant: number | undefined,
  lists: number[] | null,
): Promise<ClickMap | null> {
  const visible = lists
    ? sql`AND m.list_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(lists)}::jsonb)::int)`
    : sql``;
  const [found] = await queryRows<{ id: number; source: string | null }>(
    db,
    sql`SELECT v.id, l.source FROM variants v JOIN mailings m ON m.id = v.mailing_id
          LEFT JOIN layouts l ON l.variant_id = v.id
         WHERE m.id = ${mailing}::int ${variant === undefined ? sql`` : sql`AND v.id = ${variant}::int`}
               ${visible}
         ORDER BY v.position, v.id LIMIT 1`,
  );
  if (!found) return null;
  const rows = await queryRows<{ url: string; position: number; human: boolean; n: string }>(
    db,
    sql`SELECT c.url, c.position, c.class = 'human' AS human, count(*) AS n
          FROM stat_clicks c JOIN deliveries d ON d.id = c.delivery_id
         WHERE c.mailing_id = ${mailing}::int AND d.variant_id = ${found.id}::int
         GROUP BY 1, 2, 3`,
  );
  const counts: Counts = new Map();
  for (const row of rows) {
    const key = `${row.position}\n${row.url}`;
    const entry = counts.get(key) ?? { human: 0, machine: 0 };
    entry[row.human ? 'human' : 'machine'] += Number(row.n);
    counts.set(key, entry);
  }
  return { variant: found.id, ...annotateLayout(found.source ?? '', counts) };
}
