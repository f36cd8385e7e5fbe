import type { GrowthBucket } from '../../api/overview';
import { encodeCsv } from '../../lib/csv-export';

export type ListGrowth = { listId: number; name: string; buckets: GrowthBucket[] };

export const GROWTH_CSV_HEADER = [
  'list_id',
  'list',
  'bucket',
  'subscribed',
  'confirmed',
  'unsubscribed',
  'bounced',
  'complained',
  'deleted',
  'active',
];

/** One row per list and bucket, formula-escaped like every export (src/lib/csv-export.ts). */
export async function growthCsv(series: ListGrowth[]): Promise<Blob> {
  const rows = series.flatMap((s) =>
    s.buckets.map((b) => [
      s.listId,
      s.name,
      b.bucket,
      b.subscribed,
      b.confirmed,
      b.unsubscribed,
      b.bounced,
      b.complained,
      b.deleted,
      b.active,
    ]),
  );
  const text = await encodeCsv(rows, GROWTH_CSV_HEADER);
  return new Blob(['\uFEFF', text, '\r\n'], { type: 'text/csv;charset=utf-8' });
}

/** People who left in a bucket: unsubscribes, bounces, complaints and deletions. */
export const churnOf = (b: GrowthBucket) => b.unsubscribed + b.bounced + b.complained + b.deleted;
