import type { Envelope } from '../../../contract/common';
import type { Subscriber } from '../../../contract/subscribers';
import { createCsvFile, type CsvCell } from '../../lib/csv-export';
import type { FieldInfo } from './columns';

/**
 * The current filter as a CSV file, page after page (1,000 rows per request), so even a
 * very long list never sits in memory as objects. The header row holds the field names and
 * the cells the raw values (codes, ISO dates), so the file imports back into a list.
 */
export async function exportSubscribersCsv(
  fields: readonly FieldInfo[],
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Envelope<Subscriber>>,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (n: number, total: number) => void } = {},
): Promise<{ blob: Blob; rows: number }> {
  const names = fields.map((f) => f.name);
  const file = createCsvFile(names);
  let rows = 0;
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const { results, next, count } = await fetchPage(page, signal);
    await file.add(results.map((s) => names.map((n) => cell(s[n]))));
    rows += results.length;
    onProgress?.(rows, Math.max(count, rows));
    if (!next || results.length === 0) break;
  }
  return { blob: file.toBlob(), rows };
}

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return value as CsvCell;
}

/** `Newsletter DE` + pending → `newsletter-de-pending-subscribers.csv`. */
export function exportFileName(listName: string, state: string): string {
  const slug = listName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${[slug || 'list', state === 'all' ? '' : state].filter(Boolean).join('-')}-subscribers.csv`;
}
