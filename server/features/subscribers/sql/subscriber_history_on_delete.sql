-- After a DELETE of subscribers or lists: their history rows go with them (were ON DELETE
-- CASCADE before migration 0058, which says why). A list's own rows left are its import
-- batches' `created` rows, which name no subscriber (the partial index finds them); those
-- of its subscribers go with the subscribers, which lists_delete_subscribers.sql deletes.
CREATE OR REPLACE FUNCTION subscriber_history_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lists' THEN
    DELETE FROM subscriber_history
     WHERE subscriber_id IS NULL AND list_id IN (SELECT id FROM old_rows);
  ELSE
    DELETE FROM subscriber_history WHERE subscriber_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_history_delete ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_history_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS lists_history_delete ON lists;
--> statement-breakpoint
CREATE TRIGGER lists_history_delete AFTER DELETE ON lists
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_delete();
