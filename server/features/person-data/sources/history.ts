import { sql } from 'drizzle-orm';
import { isoUtc, jsonRows, sqlIntArray, touched, type PersonDataSource } from '../source.js';

/**
 * A subscription's history: its own rows, and the import batch that created it (a batch's
 * row names ids, no address, and stays for the others it created).
 */
export const historySource: PersonDataSource = {
  section: 'history',
  export: (db, person) =>
    jsonRows(
      db,
      sql`SELECT jsonb_build_object(
            'subscription', s.id, 'list', jsonb_build_object('id', l.id, 'name', l.name),
            'at', ${isoUtc(sql`h.at`)}, 'kind', h.kind, 'via', h.via, 'file', h.file,
            'field', h.field, 'old_value', h.old_value, 'new_value', h.new_value) AS row
          FROM subscribers s
          JOIN lists l ON l.id = s.list_id
          JOIN subscriber_history h
            ON h.subscriber_id = s.id
            OR (h.subscriber_id IS NULL AND h.list_id = s.list_id AND h.created_ids @> s.id)
         WHERE s.id = ANY(${sqlIntArray(person.subscriberIds)})
         ORDER BY h.at, h.id`,
    ),
  erase: (tx, person) =>
    touched(
      tx,
      sql`WITH gone AS (DELETE FROM subscriber_history
                         WHERE subscriber_id = ANY(${sqlIntArray(person.subscriberIds)})
                        RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    ),
};
