-- The list of an event from its payload, whichever trigger wrote it: subscribers, imports and
-- automation runs carry `list`; deliveries and statistics records carry `mailing`.
-- History: migration 0030; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_event_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_id := (NEW.data->>'list')::integer;
  IF NEW.list_id IS NULL AND NEW.data ? 'mailing' THEN
    NEW.list_id := (SELECT list_id FROM mailings WHERE id = (NEW.data->>'mailing')::integer);
  END IF;
  IF NEW.list_id IS NULL AND NEW.data ? 'automation' THEN
    NEW.list_id := (SELECT list_id FROM automations WHERE id = (NEW.data->>'automation')::integer);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_events_list ON webhook_events;
--> statement-breakpoint
CREATE TRIGGER webhook_events_list BEFORE INSERT ON webhook_events FOR EACH ROW
  WHEN (NEW.list_id IS NULL) EXECUTE FUNCTION webhook_event_list();
