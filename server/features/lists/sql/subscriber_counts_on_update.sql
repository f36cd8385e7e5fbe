-- After an UPDATE of subscribers: rows that changed state or list move between counts; any
-- change moves the lists' change counters.
-- History: migration 0001, changed in 0004; since 0032 this file is the definition.
-- Planned without nested loops, for the reason subscribers/sql/subscriber_history_on_update.sql gives: a
-- plan kept from a one-row first call joined two 10,000-row transition tables row by row.
-- JIT off with it: a nested loop that must stay (a LATERAL) costs 10^10 without them.
CREATE OR REPLACE FUNCTION subscriber_counts_on_update() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off SET jit = off AS $$
BEGIN
  PERFORM subscriber_counts_add(-1, list_id, subscription, n)
    FROM (SELECT o.list_id, o.subscription, count(*) AS n
            FROM old_rows o JOIN new_rows nw USING (id)
           WHERE o.subscription <> nw.subscription OR o.list_id <> nw.list_id
           GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_add(1, list_id, subscription, n)
    FROM (SELECT nw.list_id, nw.subscription, count(*) AS n
            FROM old_rows o JOIN new_rows nw USING (id)
           WHERE o.subscription <> nw.subscription OR o.list_id <> nw.list_id
           GROUP BY 1, 2) AS d;
  -- Any column may be what a filter or an ordering looks at.
  PERFORM subscriber_counts_bump(
    ARRAY(SELECT list_id FROM old_rows UNION SELECT list_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_counts_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_update();
