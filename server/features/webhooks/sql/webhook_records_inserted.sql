-- Statistics records as GET /api/v1/statistics/{kind} shows them, plus `delivery`.
-- TG_ARGV[0] is the event type.
-- History: migration 0018, changed in 0030; since 0032 this file is the definition;
-- human hits only since issue 51; complaints since issue 52.
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
           'url', r->'url', 'hard', r->'hard',
           'feedback_type', r->'feedback_type', 'source', r->'source'))
    FROM (SELECT to_jsonb(n) AS r, n.id FROM new_rows n) x
   -- Machines drive nothing (issue 51): opens and clicks of a machine raise no event.
   WHERE coalesce(r->>'class', 'human') = 'human'
   ORDER BY x.id
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_opens_webhooks ON stat_opens;
--> statement-breakpoint
CREATE TRIGGER stat_opens_webhooks AFTER INSERT ON stat_opens
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.opened');
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_clicks_webhooks ON stat_clicks;
--> statement-breakpoint
CREATE TRIGGER stat_clicks_webhooks AFTER INSERT ON stat_clicks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.clicked');
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_bounces_webhooks ON stat_bounces;
--> statement-breakpoint
CREATE TRIGGER stat_bounces_webhooks AFTER INSERT ON stat_bounces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.bounced');
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_complaints_webhooks ON stat_complaints;
--> statement-breakpoint
CREATE TRIGGER stat_complaints_webhooks AFTER INSERT ON stat_complaints
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.complained');
