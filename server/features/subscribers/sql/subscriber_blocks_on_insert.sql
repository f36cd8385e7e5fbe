-- After an INSERT into subscribers: the page blocks holding the new rows count them
-- (subscriber_blocks_add.sql; features/subscribers/page-blocks.ts cuts the blocks).
-- History: migration 0011; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_blocks_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT DISTINCT list_id FROM new_rows), (SELECT count(*) FROM new_rows));
BEGIN
  IF cardinality(blocked) > 0 THEN
    PERFORM subscriber_blocks_add(1, array_agg(list_id), array_agg(id), array_agg(lower(email)), array_agg(subscription))
       FROM new_rows WHERE list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_blocks_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_insert();
