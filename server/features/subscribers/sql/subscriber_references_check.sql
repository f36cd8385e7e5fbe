-- After an INSERT or UPDATE of subscribers: their list and users exist, checked once per
-- statement (migration 0012; before, foreign keys checked every row). The rows referenced
-- are locked FOR KEY SHARE as a foreign key locks them, so a list or user deleted at the
-- same time either waits for the writer's commit or makes its statement fail (23503, the
-- foreign key's error code, which the API maps to 404).
-- History: migration 0012; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_references_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list_ids integer[] := ARRAY(SELECT DISTINCT list_id FROM new_rows);
  user_ids integer[] := ARRAY(
    SELECT create_user FROM new_rows WHERE create_user IS NOT NULL
    UNION SELECT update_user FROM new_rows WHERE update_user IS NOT NULL);
  found integer;
BEGIN
  PERFORM 1 FROM lists WHERE id = ANY (list_ids) FOR KEY SHARE;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found < cardinality(list_ids) THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "subscribers" violates foreign key constraint "subscribers_list_id_lists_id_fk"',
      DETAIL = 'A list the rows name does not exist.';
  END IF;
  IF cardinality(user_ids) > 0 THEN
    PERFORM 1 FROM users WHERE id = ANY (user_ids) FOR KEY SHARE;
    GET DIAGNOSTICS found = ROW_COUNT;
    IF found < cardinality(user_ids) THEN
      RAISE foreign_key_violation USING
        MESSAGE = 'insert or update on table "subscribers" violates foreign key constraint "subscribers_create_user_users_id_fk"',
        DETAIL = 'A user the rows name does not exist.';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement triggers of one event fire in name order: "assert" comes before "blocks" and
-- "counts", so a writer locks the list before its list_subscriber_counts row, in the order
-- a list's deletion does (and the foreign key's row triggers did), which cannot deadlock.
DROP TRIGGER IF EXISTS subscribers_assert_references_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_assert_references_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriber_references_check();
--> statement-breakpoint
-- A PostgreSQL trigger with transition tables cannot name columns (UPDATE OF …), so every
-- UPDATE statement checks the values it leaves: a hash of its rows' distinct lists and users.
DROP TRIGGER IF EXISTS subscribers_assert_references_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_assert_references_update AFTER UPDATE ON subscribers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriber_references_check();
