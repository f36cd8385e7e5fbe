-- Deleting a user clears it from subscribers' create_user and update_user (was ON DELETE
-- SET NULL before migration 0012; see subscriber_references_check.sql).
-- History: migration 0012; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION users_clear_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement for both columns: a row still naming the user in the other would fail
  -- the check between two statements.
  UPDATE subscribers SET
    create_user = CASE WHEN create_user IN (SELECT id FROM old_rows) THEN NULL ELSE create_user END,
    update_user = CASE WHEN update_user IN (SELECT id FROM old_rows) THEN NULL ELSE update_user END
   WHERE create_user IN (SELECT id FROM old_rows) OR update_user IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_clear_subscribers ON users;
--> statement-breakpoint
CREATE TRIGGER users_clear_subscribers AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_clear_subscribers();
