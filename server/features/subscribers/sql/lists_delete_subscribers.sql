-- Deleting a list deletes its subscribers (was ON DELETE CASCADE before migration 0012; see
-- subscriber_references_check.sql). TRUNCATE fires no delete trigger: TRUNCATE lists must
-- name subscribers as well.
-- History: migration 0012; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION lists_delete_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subscribers WHERE list_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lists_delete_subscribers ON lists;
--> statement-breakpoint
CREATE TRIGGER lists_delete_subscribers AFTER DELETE ON lists
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_delete_subscribers();
