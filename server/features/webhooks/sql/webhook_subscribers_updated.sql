-- After an UPDATE of subscribers: subscriber.activated, .unsubscribed, .bounced or .deleted for
-- each subscriber whose subscription changed to that state, if an endpoint wants it.
-- History: migration 0018; since 0032 this file is the definition.
-- Planned without nested loops, for the reason subscribers/sql/subscriber_history_on_update.sql gives: a
-- plan kept from a one-row first call joined two 10,000-row transition tables row by row.
-- JIT off with it: a nested loop that must stay (a LATERAL) costs 10^10 without them.
CREATE OR REPLACE FUNCTION webhook_subscribers_updated() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off SET jit = off AS $$
BEGIN
  IF NOT (webhook_wanted('subscriber.activated') OR webhook_wanted('subscriber.unsubscribed')
          OR webhook_wanted('subscriber.bounced') OR webhook_wanted('subscriber.deleted')) THEN
    RETURN NULL;
  END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data)
  SELECT t.type, 'subscriber:' || n.id, webhook_subscriber(to_jsonb(n))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   CROSS JOIN LATERAL (SELECT CASE n.subscription WHEN 'active' THEN 'subscriber.activated'
                                ELSE 'subscriber.' || n.subscription END AS type) t
   WHERE o.subscription IS DISTINCT FROM n.subscription
     AND n.subscription IN ('active', 'unsubscribed', 'bounced', 'deleted')
     AND webhook_wanted(t.type)
   ORDER BY n.id
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_webhooks_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_webhooks_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_subscribers_updated();
