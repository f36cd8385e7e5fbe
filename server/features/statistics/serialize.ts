import type { StatisticKind, StatisticRecord } from '../../../contract/statistics.js';
import type { RecordRow } from './repository.js';
import { reasonNames } from '../sending/index.js';

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** The spec's item shapes: mailing, email, datetime, plus url or hard; opens and clicks also class and reasons. */
export function serializeRecord<K extends StatisticKind>(
  kind: K,
  row: RecordRow,
): StatisticRecord<K> {
  const base = { mailing: row.mailing_id, email: row.email, datetime: isoOf(row.datetime) };
  if (kind === 'bounces') return { ...base, hard: row.hard! } as StatisticRecord<K>;
  // Extension (issue 51): who made the hit and why.
  const who = { class: row.class!, reasons: reasonNames(row.reasons!) };
  if (kind === 'clicks') return { ...base, url: row.url!, ...who } as StatisticRecord<K>;
  return { ...base, ...who } as StatisticRecord<K>;
}

export const serializeBucket = (row: { bucket: Date | string; n: string | number }) => ({
  bucket: isoOf(row.bucket),
  count: Number(row.n),
});
