import { escapeHtml } from '../../../contract/escape-html.js';
import type { PersonExport } from './source.js';

const TITLES: Record<string, string> = {
  subscriptions: 'Subscriptions',
  history: 'History',
  messages: 'Messages sent',
  opens: 'Opens',
  clicks: 'Clicks',
  bounces: 'Bounces',
};

/** "first_name" → "First name": a section's own keys name the columns. */
const heading = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One cell: objects read as "name (id)" or key: value pairs; everything escaped. */
function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'object') return escapeHtml(String(value));
  const record = value as Record<string, unknown>;
  if ('name' in record && 'id' in record)
    return `${escapeHtml(String(record.name))} (${escapeHtml(String(record.id))})`;
  return Object.entries(record)
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(JSON.stringify(v))}`)
    .join('<br>');
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '<p>None.</p>';
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const head = keys.map((k) => `<th scope="col">${escapeHtml(heading(k))}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${keys.map((k) => `<td>${cell(r[k])}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/**
 * person.html: what person.json holds, one table per section, readable without tools.
 * Generic over the sections, so a new data source appears here without a change.
 */
export function personHtml(data: PersonExport): string {
  const { email, exported_at: at, ...sections } = data;
  const parts = Object.entries(sections).map(
    ([key, rows]) =>
      `<section><h2>${escapeHtml(TITLES[key] ?? heading(key))}</h2>\n${table(
        Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [],
      )}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Data held about ${escapeHtml(email)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;margin-bottom:1rem}
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}section{overflow-x:auto}</style>
</head><body>
<h1>Data held about ${escapeHtml(email)}</h1>
<p>Exported ${escapeHtml(at)}.</p>
${parts.join('\n')}
</body></html>
`;
}
