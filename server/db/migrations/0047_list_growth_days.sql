-- Issue 56: per list and day (UTC), how the audience moved, kept by a statement trigger on
-- subscriber_history inserts (server/features/overview/sql/list_growth_on_history.sql), so the
-- home and the growth chart read at most a few hundred rows however large the list.
-- `active_change` is the net change of active subscribers that day: summed backwards from the
-- kept active count it gives the count on any earlier day.
CREATE TABLE list_growth_days (
  list_id integer NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  day date NOT NULL,
  subscribed bigint NOT NULL DEFAULT 0,
  confirmed bigint NOT NULL DEFAULT 0,
  unsubscribed bigint NOT NULL DEFAULT 0,
  bounced bigint NOT NULL DEFAULT 0,
  complained bigint NOT NULL DEFAULT 0,
  deleted bigint NOT NULL DEFAULT 0,
  active_change bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (list_id, day)
);
--> statement-breakpoint
-- The history written before this migration, counted once. A creation's state is not in the
-- history, so the active subscribers each list had before its first recorded day are put on
-- that day (docs/decisions/home-overview.md): the counts of later days are exact.
INSERT INTO list_growth_days (list_id, day, subscribed, confirmed, unsubscribed, bounced, complained, deleted, active_change)
SELECT list_id, (at AT TIME ZONE 'UTC')::date,
       sum(CASE WHEN kind = 'created' THEN CASE WHEN subscriber_id IS NOT NULL THEN 1
             ELSE (SELECT coalesce(sum(upper(r) - lower(r)), 0) FROM unnest(created_ids) AS r) END ELSE 0 END),
       count(*) FILTER (WHERE kind = 'state' AND old_value #>> '{}' = 'pending' AND new_value #>> '{}' = 'active'),
       count(*) FILTER (WHERE kind = 'state' AND new_value #>> '{}' = 'unsubscribed'),
       count(*) FILTER (WHERE kind = 'state' AND new_value #>> '{}' = 'bounced'),
       count(*) FILTER (WHERE kind = 'state' AND new_value #>> '{}' = 'complained'),
       count(*) FILTER (WHERE kind = 'state' AND new_value #>> '{}' = 'deleted'),
       count(*) FILTER (WHERE kind = 'state' AND new_value #>> '{}' = 'active')
         - count(*) FILTER (WHERE kind = 'state' AND old_value #>> '{}' = 'active')
  FROM subscriber_history
 WHERE kind IN ('created', 'state')
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO list_growth_days (list_id, day, active_change)
SELECT c.list_id, coalesce((SELECT min(day) FROM list_growth_days g WHERE g.list_id = c.list_id),
                           (now() AT TIME ZONE 'UTC')::date),
       c.active - coalesce((SELECT sum(active_change) FROM list_growth_days g WHERE g.list_id = c.list_id), 0)
  FROM list_subscriber_counts c
ON CONFLICT (list_id, day) DO UPDATE SET active_change = list_growth_days.active_change + EXCLUDED.active_change;
--> statement-breakpoint
-- The people behind a day's unsubscribes (GET /lists/{id}/unsubscribes?date=): only those
-- history rows are indexed, so other writes pay nothing.
CREATE INDEX subscriber_history_unsubscribes ON subscriber_history (list_id, at)
  WHERE kind = 'state' AND new_value = '"unsubscribed"'::jsonb;
