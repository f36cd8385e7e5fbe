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
  const table = kind === 'opens' ? sql`stat_opens` : sql`stat_clicks`;
  const url = kind === 'clicks';
  const sameKey = (a: string, b: string) =>
    sql.raw(
      `${a}.delivery_id = ${b}.delivery_id AND ${a}.email = ${b}.email${url ? ` AND ${a}.url = ${b}.url` : ''}`,
    );
  await db.execute(sql`
    UPDATE ${table} s SET first_human = coalesce(s.id = fh.id, false) AND NOT s.first
      FROM (SELECT DISTINCT * FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
              AS k(delivery_id int, email text, url text)) AS k
      LEFT JOIN LATERAL (SELECT e.id FROM ${table} e WHERE ${sameKey('e', 'k')} AND e.class = 'human'
                          ORDER BY e.datetime, e.id LIMIT 1) AS fh ON true
     WHERE ${sameKey('s', 'k')}
       AND (s.first_human OR s.id = fh.id)
       AND s.first_human <> (coalesce(s.id = fh.id, false) AND NOT s.first)`);
}
