import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * Counts list_growth_days again from the whole history: for data whose history times were
 * rewritten after it was written (the demo plays its past), which the insert trigger counted
 * on the day of writing. A creation's state is the one its subscriber's first state change
 * left, else its current one.
 */
export async function rebuildGrowthDays(db: Executor) {
  await db.execute(sql`DELETE FROM list_growth_days`);
  await db.execute(sql`
    INSERT INTO list_growth_days
           (list_id, day, subscribed, confirmed, unsubscribed, bounced, complained, deleted, active_change)
    SELECT list_id, day, sum(subscribed), sum(confirmed), sum(unsubscribed), sum(bounced),
           sum(complained), sum(deleted), sum(active_change)
      FROM (
        SELECT h.list_id, (h.at AT TIME ZONE 'UTC')::date AS day, count(*) AS subscribed,
               0 AS confirmed, 0 AS unsubscribed, 0 AS bounced, 0 AS complained, 0 AS deleted,
               count(*) FILTER (WHERE coalesce(
                 (SELECT f.old_value #>> '{}' FROM subscriber_history f
                   WHERE f.subscriber_id = s.id AND f.kind = 'state' ORDER BY f.at, f.id LIMIT 1),
                 s.subscription) = 'active') AS active_change
          FROM (SELECT list_id, at, subscriber_id AS id FROM subscriber_history
                 WHERE kind = 'created' AND subscriber_id IS NOT NULL
                UNION ALL
                SELECT list_id, at, generate_series(lower(r), upper(r) - 1)
                  FROM subscriber_history, unnest(created_ids) AS r
                 WHERE kind = 'created' AND created_ids IS NOT NULL) AS h
          JOIN subscribers s ON s.id = h.id
         GROUP BY 1, 2
        UNION ALL
        SELECT list_id, (at AT TIME ZONE 'UTC')::date, 0,
               count(*) FILTER (WHERE old_value #>> '{}' = 'pending' AND new_value #>> '{}' = 'active'),
               -- As the trigger (sql/list_growth_on_history.sql): a complaint's unsubscribe
               -- counts as a complaint.
               count(*) FILTER (WHERE new_value #>> '{}' = 'unsubscribed'
                                  AND via IS DISTINCT FROM 'complaint'),
               count(*) FILTER (WHERE new_value #>> '{}' = 'bounced'),
               count(*) FILTER (WHERE via = 'complaint'),
               count(*) FILTER (WHERE new_value #>> '{}' = 'deleted'),
               count(*) FILTER (WHERE new_value #>> '{}' = 'active')
                 - count(*) FILTER (WHERE old_value #>> '{}' = 'active')
          FROM subscriber_history WHERE kind = 'state'
         GROUP BY 1, 2
      ) AS moves
     GROUP BY 1, 2`);
}
