-- After a DELETE of subscribers: each list's counts per state shrink by the rows deleted,
-- and its change counter moves.
-- History: migration 0001, changed in 0004; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(-1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM old_rows GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_bump(ARRAY(SELECT DISTINCT list_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_counts_delete ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_delete();
