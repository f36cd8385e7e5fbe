-- delivery.started and delivery.finished: row triggers with WHEN, run only for the one update
-- that starts or finishes a delivery. TG_ARGV[0] is the event type.
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted(TG_ARGV[0]) THEN RETURN NULL; END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data) VALUES (TG_ARGV[0], 'delivery:' || NEW.id,
    jsonb_build_object('id', NEW.id, 'mailing', (SELECT mailing_id FROM variants WHERE id = NEW.variant_id),
      'variant', NEW.variant_id, 'scheduled_datetime', webhook_iso(NEW.scheduled_datetime),
      'status', NEW.status, 'limit', NEW."limit",
      'started_datetime', webhook_iso(NEW.started_datetime),
      'finished_datetime', webhook_iso(NEW.finished_datetime)))
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS deliveries_webhooks_started ON deliveries;
--> statement-breakpoint
CREATE TRIGGER deliveries_webhooks_started AFTER UPDATE ON deliveries FOR EACH ROW
  WHEN (OLD.started_datetime IS NULL AND NEW.started_datetime IS NOT NULL)
  EXECUTE FUNCTION webhook_delivery_changed('delivery.started');
--> statement-breakpoint
DROP TRIGGER IF EXISTS deliveries_webhooks_finished ON deliveries;
--> statement-breakpoint
CREATE TRIGGER deliveries_webhooks_finished AFTER UPDATE ON deliveries FOR EACH ROW
  WHEN (OLD.finished_datetime IS NULL AND NEW.finished_datetime IS NOT NULL)
  EXECUTE FUNCTION webhook_delivery_changed('delivery.finished');
