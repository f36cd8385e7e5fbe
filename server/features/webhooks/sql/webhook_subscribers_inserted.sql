-- After an INSERT into subscribers: subscriber.created for each, if an endpoint wants it.
-- Subscribers created by an import (the actor's `via`, server/lib/actor.ts) emit nothing:
-- the import's one `import.finished` stands for them.
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_subscribers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted('subscriber.created') OR mailboard_actor()->>'via' = 'import' THEN
    RETURN NULL;
  END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data)
  SELECT 'subscriber.created', 'subscriber:' || n.id, webhook_subscriber(to_jsonb(n))
    FROM new_rows n ORDER BY n.id
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_webhooks_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_webhooks_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_subscribers_inserted();
