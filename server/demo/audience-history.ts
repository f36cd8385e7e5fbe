import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * The audience's history as it would have been written over the lists' lives (issue 56: the
 * home's growth chart tells it): one `created` row per subscriber at its sign-up instead of
 * one per insert batch at load time, and, for those the demo created unsubscribed, bounced
 * or deleted, the change from active at the time it was last updated.
 */
export async function spreadAudienceHistory(db: Executor) {
  await db.execute(sql`
    INSERT INTO subscriber_history (list_id, subscriber_id, at, user_id, via, import_id, file, kind)
    SELECT s.list_id, s.id, s.create_datetime, h.user_id, h.via, h.import_id, h.file, 'created'
      FROM subscriber_history h, unnest(h.created_ids) AS r
      JOIN subscribers s ON s.id >= lower(r) AND s.id < upper(r)
     WHERE h.kind = 'created' AND h.created_ids IS NOT NULL
     ORDER BY s.id`);
  await db.execute(sql`
    DELETE FROM subscriber_history WHERE kind = 'created' AND created_ids IS NOT NULL`);
  await db.execute(sql`
    UPDATE subscriber_history h SET at = s.create_datetime
      FROM subscribers s
     WHERE h.subscriber_id = s.id AND h.kind = 'created' AND h.at <> s.create_datetime`);
  await db.execute(sql`
    INSERT INTO subscriber_history (list_id, subscriber_id, at, kind, field, old_value, new_value)
    SELECT list_id, id, update_datetime, 'state', 'subscription', '"active"'::jsonb,
           to_jsonb(subscription)
      FROM subscribers WHERE subscription IN ('unsubscribed', 'bounced', 'deleted')
     ORDER BY id`);
}
