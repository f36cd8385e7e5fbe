-- After an INSERT into subscribers: each list's counts per state grow by the rows inserted,
-- and its change counter moves (list_counts_init.sql, subscriber_counts_bump.sql).
-- History: migration 0001, changed in 0004; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM new_rows GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_bump(ARRAY(SELECT DISTINCT list_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_counts_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_insert();
