-- A deleted list leaves the endpoints that named it (an endpoint left with none receives
-- nothing), so no endpoint names a list that does not exist.
-- History: migration 0030; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_endpoints_forget_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE webhook_endpoints SET lists = array_remove(lists, OLD.id) WHERE OLD.id = ANY (lists);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lists_webhook_endpoints ON lists;
--> statement-breakpoint
CREATE TRIGGER lists_webhook_endpoints AFTER DELETE ON lists FOR EACH ROW
  EXECUTE FUNCTION webhook_endpoints_forget_list();
