import type { StatisticCollection, StatisticRecord } from '../../../contract/statistics.js';
import type { complaintRecord } from '../../../contract/statistics.js';
import type { z } from 'zod';
import type { RecordRow } from './repository.js';
import { reasonNames } from '../sending/index.js';

const isoOf = (value: Date | string) => new Date(value).toISOString();

type CollectionRecord<K extends StatisticCollection> = K extends 'complaints'
  ? z.infer<typeof complaintRecord>
  : StatisticRecord<Exclude<K, 'complaints'>>;

/**
 * The spec's item shapes: mailing, email, datetime, plus url or hard (or a complaint's type
 * and source); opens and clicks also class and reasons (issue 51).
 */
export function serializeRecord<K extends StatisticCollection>(
  kind: K,
  row: RecordRow,
): CollectionRecord<K> {
  const base = { mailing: row.mailing_id, email: row.email, datetime: isoOf(row.datetime) };
  if (kind === 'bounces') return { ...base, hard: row.hard! } as CollectionRecord<K>;
  if (kind === 'complaints')
    return {
      ...base,
      feedback_type: row.feedback_type!,
      source: row.source!,
    } as CollectionRecord<K>;
  // Extension (issue 51): who made the hit and why.
  const who = { class: row.class!, reasons: reasonNames(row.reasons!) };
  if (kind === 'clicks') return { ...base, url: row.url!, ...who } as CollectionRecord<K>;
  return { ...base, ...who } as CollectionRecord<K>;
}

export const serializeBucket = (row: { bucket: Date | string; n: string | number }) => ({
  bucket: isoOf(row.bucket),
  count: Number(row.n),
});
