-- After an INSERT into subscriber_history: the day's growth counters of each list
-- (list_growth_days, migration 0047) move by what the statement recorded, once per statement
-- and list. A creation's state is read from the subscribers just written (an import batch's
-- ids by range, through the primary key) to know how many of them are active.
CREATE OR REPLACE FUNCTION list_growth_on_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_growth_days AS g
         (list_id, day, subscribed, confirmed, unsubscribed, bounced, complained, deleted, active_change)
  SELECT h.list_id, (h.at AT TIME ZONE 'UTC')::date,
         sum(one.created + many.created),
         count(*) FILTER (WHERE h.kind = 'state' AND h.old_value #>> '{}' = 'pending' AND h.new_value #>> '{}' = 'active'),
         -- A spam complaint unsubscribes (issue 52, via 'complaint'): counted as a complaint.
         count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'unsubscribed'
                            AND h.via IS DISTINCT FROM 'complaint'),
         count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'bounced'),
         count(*) FILTER (WHERE h.kind = 'state' AND h.via = 'complaint'),
         count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'deleted'),
         sum(one.active + many.active)
           + count(*) FILTER (WHERE h.kind = 'state' AND h.new_value #>> '{}' = 'active')
           - count(*) FILTER (WHERE h.kind = 'state' AND h.old_value #>> '{}' = 'active')
    FROM new_rows h
   -- Two lookups by primary key, never a scan: the one subscriber a row names, or the id
   -- ranges of a batch.
   CROSS JOIN LATERAL (
     SELECT count(*) AS created, count(*) FILTER (WHERE s.subscription = 'active') AS active
       FROM subscribers s
      WHERE h.kind = 'created' AND s.id = h.subscriber_id
   ) AS one
   CROSS JOIN LATERAL (
     SELECT count(*) AS created, count(*) FILTER (WHERE s.subscription = 'active') AS active
       FROM unnest(h.created_ids) AS r
       JOIN subscribers s ON s.id >= lower(r) AND s.id < upper(r)
      WHERE h.kind = 'created'
   ) AS many
   WHERE h.kind IN ('created', 'state')
   GROUP BY 1, 2
  ON CONFLICT (list_id, day) DO UPDATE SET
    subscribed = g.subscribed + EXCLUDED.subscribed,
    confirmed = g.confirmed + EXCLUDED.confirmed,
    unsubscribed = g.unsubscribed + EXCLUDED.unsubscribed,
    bounced = g.bounced + EXCLUDED.bounced,
    complained = g.complained + EXCLUDED.complained,
    deleted = g.deleted + EXCLUDED.deleted,
    active_change = g.active_change + EXCLUDED.active_change;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscriber_history_growth ON subscriber_history;
--> statement-breakpoint
CREATE TRIGGER subscriber_history_growth AFTER INSERT ON subscriber_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_growth_on_history();
