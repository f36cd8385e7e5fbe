import type { StatisticKind, StatisticRecord } from '../../../contract/statistics.js';
import type { RecordRow } from './repository.js';

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Exactly the spec's item shapes: mailing, email, datetime, plus url or hard. */
export function serializeRecord<K extends StatisticKind>(
  kind: K,
  row: RecordRow,
): StatisticRecord<K> {
  const base = { mailing: row.mailing_id, email: row.email, datetime: isoOf(row.datetime) };
  if (kind === 'clicks') return { ...base, url: row.url! } as StatisticRecord<K>;
  if (kind === 'bounces') return { ...base, hard: row.hard! } as StatisticRecord<K>;
  return base as StatisticRecord<K>;
}

export const serializeBucket = (row: { bucket: Date | string; n: string | number }) => ({
  bucket: isoOf(row.bucket),
  count: Number(row.n),
});
