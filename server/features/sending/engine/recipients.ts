import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { subscribers, type variants } from '../../../db/schema/index.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import { inAnySegment } from '../../segments/index.js';

type VariantLanguages = Pick<RawRow<typeof variants>, 'id' | 'position' | 'languages'>;

/**
 * Which subscriber languages a variant serves. A subscriber gets the first variant (by
 * position) whose languages include theirs; one whose language no variant names gets the
 * mailing's fallback: its first variant without languages, else its first variant.
 * `other` are the languages the other variants claim (what the fallback leaves out).
 */
export function variantAudience(variants: VariantLanguages[], variantId: number) {
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  const claimed = new Map<string, number>();
  for (const v of ordered) for (const l of v.languages) if (!claimed.has(l)) claimed.set(l, v.id);
  const fallback = (ordered.find((v) => v.languages.length === 0) ?? ordered[0])!.id;
  const own = [...claimed].filter(([, id]) => id === variantId).map(([l]) => l);
  const other = [...claimed].filter(([, id]) => id !== variantId).map(([l]) => l);
  return { own, other, isFallback: fallback === variantId };
}

/**
 * THE recipient selection of a delivery (one place, so segments and any later rule apply
 * to every send): the list's `active` subscribers that this delivery's variant serves and
 * who have not paused their mail (preference centre: `paused_until` in the future), minus
 * `exclusions`, at most `limit` of them (lowest subscriber ids first).
 * - `exclusions`: list ids (integers) and email addresses (strings); a subscriber whose
 *   email is in one of those lists (in any state) or among those addresses is skipped.
 * - `limit`: a positive integer, or null for everyone (the caller counts what it wrote so
 *   far and asks for at most the rest).
 * - `segments`: when the mailing names any, only subscribers in at least one of them (the
 *   segments feature's membership rule; ids of deleted segments select nobody).
 * Returns the SELECT of the next `take` (id, email) rows after subscriber id `after`, for
 * `INSERT … SELECT` in chunks.
 */
export async function recipientSelection(
  db: Executor,
  deliveryId: number,
  after: number,
  take: number,
): Promise<SQL | null> {
  const [d] = await queryRows<{
    list_id: number;
    mailing_id: number;
    variant_id: number;
    exclusions: unknown[];
    segments: number[];
  }>(
    db,
    sql`SELECT m.list_id, m.id AS mailing_id, d.variant_id, d.exclusions, m.segments
          FROM deliveries d JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id WHERE d.id = ${deliveryId}`,
  );
  if (!d) return null;
  const variants = await queryRows<VariantLanguages>(
    db,
    sql`SELECT id, position, languages FROM variants WHERE mailing_id = ${d.mailing_id}`,
  );
  const audience = variantAudience(variants, d.variant_id);
  const language = audience.isFallback
    ? sql`(s.language = ANY(${pgTextArray(audience.own)}::text[])
           OR NOT (s.language = ANY(${pgTextArray(audience.other)}::text[])))`
    : sql`s.language = ANY(${pgTextArray(audience.own)}::text[])`;
  const lists = d.exclusions.filter((e): e is number => Number.isInteger(e));
  const emails = d.exclusions
    .filter((e): e is string => typeof e === 'string')
    .map((e) => e.toLowerCase());
  const excluded = sql`
    AND NOT (lower(s.email) = ANY(${pgTextArray(emails)}::text[]))
    AND NOT EXISTS (SELECT 1 FROM subscribers x
                     WHERE x.list_id = ANY(${pgIntArray(lists)}::int[])
                       AND lower(x.email) = lower(s.email))`;
  const inSegments = await inAnySegment(db, d.list_id, d.segments);
  const segmentRule = inSegments
    ? sql`AND s.id IN (SELECT ${subscribers.id} FROM ${subscribers} WHERE ${inSegments})`
    : sql``;
  return sql`
    SELECT s.id, s.email FROM subscribers s
     WHERE s.list_id = ${d.list_id} AND s.id > ${after} AND s.subscription = 'active'
       AND (s.paused_until IS NULL OR s.paused_until <= now())
       AND ${language} ${excluded} ${segmentRule}
     ORDER BY s.id LIMIT ${take}`;
}

const pgTextArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const pgIntArray = (values: number[]) => `{${values.join(',')}}`;
