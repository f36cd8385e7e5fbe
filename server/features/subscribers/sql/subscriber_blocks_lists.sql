-- Locks the counts rows of `list_ids` (as a cut does), then returns those of them that have
-- blocks, read after the lock so no cut is half seen. A statement changing more than 100
-- rows (an import batch, a bulk update) drops their blocks instead of finding each row's:
-- they are cut again afterwards, and until then pages are found without them.
-- History: migration 0011; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_blocks_lists(list_ids integer[], changed bigint) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[];
BEGIN
  PERFORM 1 FROM list_subscriber_counts WHERE list_id = ANY (list_ids) ORDER BY list_id FOR UPDATE;
  blocked := ARRAY(SELECT DISTINCT list_id FROM subscriber_page_blocks WHERE list_id = ANY (list_ids));
  IF cardinality(blocked) > 0 AND changed > 100 THEN
    DELETE FROM subscriber_page_blocks WHERE list_id = ANY (blocked);
    RETURN '{}';
  END IF;
  RETURN blocked;
END $$;
