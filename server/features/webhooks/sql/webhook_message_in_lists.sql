-- The fan-out of every event trigger (and a replay) inserts here: a message for an endpoint
-- limited to some lists is dropped unless its event is of one of them. An endpoint of every
-- list costs one primary-key lookup. A test event (no list) is sent only to the endpoint
-- it was made for, so it passes.
-- History: migration 0030; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_message_in_lists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  endpoint_lists integer[];
  event_list integer;
  event_type text;
BEGIN
  SELECT lists INTO endpoint_lists FROM webhook_endpoints WHERE id = NEW.endpoint_id;
  IF endpoint_lists IS NULL THEN RETURN NEW; END IF;
  SELECT list_id, type INTO event_list, event_type FROM webhook_events WHERE id = NEW.event_id;
  IF event_list = ANY (endpoint_lists) OR (event_list IS NULL AND event_type = 'webhook.test') THEN
    RETURN NEW;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_messages_in_lists ON webhook_messages;
--> statement-breakpoint
CREATE TRIGGER webhook_messages_in_lists BEFORE INSERT ON webhook_messages FOR EACH ROW
  EXECUTE FUNCTION webhook_message_in_lists();
