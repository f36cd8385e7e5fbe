-- Only rows whose state, lower(email) or list changed move between blocks' counts.
-- History: migration 0011; since 0032 this file is the definition.
-- Planned without nested loops, for the reason subscribers/sql/subscriber_history_on_update.sql gives: a
-- plan kept from a one-row first call joined two 10,000-row transition tables row by row.
-- JIT off with it: a nested loop that must stay (a LATERAL) costs 10^10 without them.
CREATE OR REPLACE FUNCTION subscriber_blocks_on_update() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off SET jit = off AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT list_id FROM old_rows UNION SELECT list_id FROM new_rows), 0);
  moved bigint;
BEGIN
  IF cardinality(blocked) = 0 THEN RETURN NULL; END IF;
  SELECT count(*) INTO moved FROM old_rows o JOIN new_rows nw USING (id)
   WHERE o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id;
  IF moved > 100 THEN
    DELETE FROM subscriber_page_blocks WHERE list_id = ANY (blocked);
  ELSIF moved > 0 THEN
    PERFORM subscriber_blocks_add(-1, array_agg(o.list_id), array_agg(o.id), array_agg(lower(o.email)), array_agg(o.subscription))
       FROM old_rows o JOIN new_rows nw USING (id)
      WHERE (o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id)
        AND o.list_id = ANY (blocked);
    PERFORM subscriber_blocks_add(1, array_agg(nw.list_id), array_agg(nw.id), array_agg(lower(nw.email)), array_agg(nw.subscription))
       FROM old_rows o JOIN new_rows nw USING (id)
      WHERE (o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id)
        AND nw.list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_blocks_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_update();
