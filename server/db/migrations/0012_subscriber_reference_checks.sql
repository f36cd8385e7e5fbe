-- Import speed (issue 14): a subscriber's list and users are checked once per statement,
-- not once per row. A foreign key checks every inserted row on its own (a query on
-- `lists` and two on `users`, each locking the row it finds): about 29% of an import's
-- time on PGlite and 25% on PostgreSQL, measured over 60,000–200,000 rows in batches.
-- These triggers do the same work per statement, over the distinct values of the rows
-- the statement wrote: what a foreign key guarantees stays guaranteed.
--  * A subscriber's list and users exist when its statement ends: the rows referenced are
--    locked FOR KEY SHARE as a foreign key locks them, so a list or user deleted at the
--    same time either waits for the writer's commit or makes its statement fail (23503,
--    the foreign key's error code, which the API maps to 404).
--  * Deleting a list deletes its subscribers (was ON DELETE CASCADE); deleting a user
--    clears it from create_user and update_user (was ON DELETE SET NULL).
-- TRUNCATE fires no delete trigger: TRUNCATE lists must name subscribers as well.
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_list_id_lists_id_fk";
--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_create_user_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_update_user_users_id_fk";
--> statement-breakpoint
CREATE FUNCTION subscriber_references_check() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER subscribers_assert_references_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriber_references_check();
--> statement-breakpoint
-- A PostgreSQL trigger with transition tables cannot name columns (UPDATE OF …), so every
-- UPDATE statement checks the values it leaves: a hash of its rows' distinct lists and users.
CREATE TRIGGER subscribers_assert_references_update AFTER UPDATE ON subscribers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriber_references_check();
--> statement-breakpoint
CREATE FUNCTION lists_delete_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subscribers WHERE list_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lists_delete_subscribers AFTER DELETE ON lists
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_delete_subscribers();
--> statement-breakpoint
CREATE FUNCTION users_clear_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER users_clear_subscribers AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_clear_subscribers();
