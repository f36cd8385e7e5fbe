import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';

export type HitKind = 'opens' | 'clicks';
/** A record's key: delivery, email, and url for clicks. */
export type HitKey = { delivery_id: number; email: string; url?: string };

/**
 * After classes changed (the burst pass, a reclassification), the `first_human` flags of
 * the keys concerned, as the insert triggers keep them: the earliest human record of a key
 * that is not `first` has it, no other record does.
 */
export async function refreshFirstHuman(db: Executor, kind: HitKind, keys: HitKey[]) {
  if (keys.length === 0) return;
  // A pass reports every record it changed: many of one key.
  const distinct = [
    ...new Map(keys.map((k) => [JSON.stringify([k.delivery_id, k.email, k.url]), k])).values(),
  ];
  const table = kind === 'opens' ? sql`stat_opens` : sql`stat_clicks`;
  const url = kind === 'clicks';
  const sameKey = (a: string, b: string) =>
    sql.raw(
      `${a}.delivery_id = ${b}.delivery_id AND ${a}.email = ${b}.email${url ? ` AND ${a}.url = ${b}.url` : ''}`,
    );
  // As the insert triggers do it: the earliest human record by stat_*_human (migration 0065),
  // the flagged ones by stat_*_first_human, so a key of many machine records costs a probe.
  await db.execute(sql`
    WITH fh AS (
      SELECT k.*, (SELECT e.id FROM ${table} e WHERE ${sameKey('e', 'k')} AND e.class = 'human'
                    ORDER BY e.datetime, e.id LIMIT 1) AS id
        FROM (SELECT DISTINCT * FROM jsonb_to_recordset(${JSON.stringify(distinct)}::jsonb)
                AS k(delivery_id int, email text, url text)) AS k
    ),
    due AS (
      SELECT f.id, coalesce(f.id = fh.id, false) AS earliest
        FROM fh JOIN ${table} f ON ${sameKey('f', 'fh')} AND f.first_human
      UNION
      SELECT fh.id, true FROM fh WHERE fh.id IS NOT NULL
    )
    UPDATE ${table} s SET first_human = due.earliest AND NOT s.first
      FROM due
     WHERE s.id = due.id AND s.first_human <> (due.earliest AND NOT s.first)`);
}
