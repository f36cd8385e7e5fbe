import type { StatisticKind, StatisticRecord } from '../../api/statistics';
import { createCsvFile, type CsvCell } from '../../lib/csv-export';

type AnyRecord = StatisticRecord<'opens'> & { url?: string; hard?: boolean };
type Page = { count: number; next: string | null; results: AnyRecord[] };

/** The CSV columns of each kind: the spec's fields plus the mailing's name. */
export function recordHeader(kind: StatisticKind): string[] {
  const extra = kind === 'clicks' ? ['url'] : kind === 'bounces' ? ['hard'] : [];
  return ['datetime', 'mailing', 'mailing_name', 'email', ...extra];
}

export function recordCells(
  kind: StatisticKind,
  record: AnyRecord,
  names: ReadonlyMap<number, string>,
): CsvCell[] {
  const extra = kind === 'clicks' ? [record.url] : kind === 'bounces' ? [record.hard] : [];
  return [record.datetime, record.mailing, names.get(record.mailing) ?? '', record.email, ...extra];
}

/**
 * Every record of the current filters as one CSV file, page after page, so a long export
 * never sits in memory as objects; cells are escaped against formula injection by
 * lib/csv-export (an email or link can start with `=`).
 */
export async function exportRecordsCsv(
  kind: StatisticKind,
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Page>,
  names: ReadonlyMap<number, string>,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ blob: Blob; rows: number }> {
  const file = createCsvFile(recordHeader(kind));
  let rows = 0;
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const { results, next, count } = await fetchPage(page, signal);
    await file.add(results.map((r) => recordCells(kind, r, names)));
    rows += results.length;
    onProgress?.(rows, Math.max(count, rows));
    if (!next || results.length === 0) break;
  }
  return { blob: file.toBlob(), rows };
}

/** `clicks-2025-06-01-to-2025-06-30-unique.csv`, `bounces-2025-06-12-hard.csv`. */
export function recordsFileName(
  kind: StatisticKind,
  view: { start: string; end: string; day?: string; unique: boolean; bounces: string },
): string {
  const when = view.day ?? `${view.start}-to-${view.end}`;
  const parts = [
    kind,
    when,
    view.unique ? 'unique' : '',
    kind === 'bounces' && view.bounces !== 'all' ? view.bounces : '',
  ];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
