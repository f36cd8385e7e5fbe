-- After a DELETE of subscribers: the page blocks holding them count them no more.
-- History: migration 0011; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_blocks_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT DISTINCT list_id FROM old_rows), (SELECT count(*) FROM old_rows));
BEGIN
  IF cardinality(blocked) > 0 THEN
    PERFORM subscriber_blocks_add(-1, array_agg(list_id), array_agg(id), array_agg(lower(email)), array_agg(subscription))
       FROM old_rows WHERE list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_blocks_delete ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_delete();
