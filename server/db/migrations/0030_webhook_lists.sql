-- Issue 49: an endpoint carries the lists it may receive (NULL: every list), so a user limited
-- to some lists can have endpoints that see only those. Each event is marked with the list it
-- is about; a message of an event outside its endpoint's lists is never queued.
ALTER TABLE webhook_endpoints ADD COLUMN lists integer[];
--> statement-breakpoint
-- NULL for `webhook.test` (addressed to one endpoint, about no list) and for the events written
-- before this migration (not shown to list-limited users).
ALTER TABLE webhook_events ADD COLUMN list_id integer;
--> statement-breakpoint
-- The list of an event from its payload, whichever trigger wrote it: subscribers, imports and
-- automation runs carry `list`; deliveries and statistics records carry `mailing`.
CREATE FUNCTION webhook_event_list() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER webhook_events_list BEFORE INSERT ON webhook_events FOR EACH ROW
  WHEN (NEW.list_id IS NULL) EXECUTE FUNCTION webhook_event_list();
--> statement-breakpoint
-- The fan-out of every event trigger (and a replay) inserts here: a message for an endpoint
-- limited to some lists is dropped unless its event is of one of them. An endpoint of every
-- list costs one primary-key lookup. A test event (no list) is sent only to the endpoint
-- it was made for, so it passes.
CREATE FUNCTION webhook_message_in_lists() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER webhook_messages_in_lists BEFORE INSERT ON webhook_messages FOR EACH ROW
  EXECUTE FUNCTION webhook_message_in_lists();
--> statement-breakpoint
-- A deleted list leaves the endpoints that named it (an endpoint left with none receives
-- nothing), so no endpoint names a list that does not exist.
CREATE FUNCTION webhook_endpoints_forget_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE webhook_endpoints SET lists = array_remove(lists, OLD.id) WHERE OLD.id = ANY (lists);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lists_webhook_endpoints AFTER DELETE ON lists FOR EACH ROW
  EXECUTE FUNCTION webhook_endpoints_forget_list();
--> statement-breakpoint
-- A fix of migration 0018's: `'message:' || r->>'delivery_id'` reads as `('message:' || r) ->> …`
-- (`||` and `->>` bind alike, left to right), a jsonb concatenation whose text is no JSON, so
-- every open, click or bounce failed to be recorded while an endpoint wanted `message.*`.
CREATE OR REPLACE FUNCTION webhook_records_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted(TG_ARGV[0]) THEN RETURN NULL; END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data)
  SELECT TG_ARGV[0], 'message:' || (r->>'delivery_id') || ':' || lower(r->>'email'),
         jsonb_strip_nulls(jsonb_build_object('mailing', r->'mailing_id', 'delivery', r->'delivery_id',
           'email', r->'email', 'datetime', webhook_iso((r->>'datetime')::timestamptz),
           'url', r->'url', 'hard', r->'hard'))
    FROM (SELECT to_jsonb(n) AS r, n.id FROM new_rows n) x ORDER BY x.id
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
