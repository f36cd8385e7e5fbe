-- Outgoing webhooks (issue 32, docs/architecture.md "Outgoing webhooks"). Endpoints, an outbox of events
-- written by triggers in the same transaction as the change, one queued message per endpoint
-- and event (the job rows the worker claims with FOR UPDATE SKIP LOCKED) and a log of tries.
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  url text NOT NULL,
  events text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  secret text NOT NULL,
  -- After a rotation the old secret still signs (a second signature) until this time.
  previous_secret text,
  previous_secret_until timestamp (3) with time zone,
  -- The first failure of the current run of failures; cleared by a 2xx.
  failing_since timestamp (3) with time zone,
  disabled_reason text NOT NULL DEFAULT '',
  create_datetime timestamp (3) with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', ''),
  type text NOT NULL,
  -- What "in order" is per: `subscriber:12`, `import:3`, `delivery:5`, `message:5:a@b.c`.
  resource text NOT NULL,
  data jsonb NOT NULL,
  create_datetime timestamp (3) with time zone NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE TABLE webhook_messages (
  id bigserial PRIMARY KEY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  resource text NOT NULL,
  -- pending (queued or in flight) | delivered | failed (gave up after the retry window)
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_datetime timestamp (3) with time zone NOT NULL DEFAULT now(),
  locked_until timestamp (3) with time zone,
  create_datetime timestamp (3) with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX webhook_messages_due ON webhook_messages (next_attempt_datetime) WHERE state = 'pending';
--> statement-breakpoint
CREATE INDEX webhook_messages_order ON webhook_messages (endpoint_id, resource, id) WHERE state = 'pending';
--> statement-breakpoint
CREATE INDEX webhook_messages_event ON webhook_messages (event_id);
--> statement-breakpoint
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- null when no answer came (refused address, connection error, timeout)
  status_code integer,
  error text NOT NULL DEFAULT '',
  response text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL,
  create_datetime timestamp (3) with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id);
--> statement-breakpoint
CREATE INDEX webhook_attempts_message ON webhook_attempts (message_id);
--> statement-breakpoint
-- The cheap check every trigger makes first: does any enabled endpoint want this type?
CREATE FUNCTION webhook_wanted(event_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND event_type = ANY (events))
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_iso(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- A subscriber as the API shows it (features/subscribers/serialize.ts), plus `list`; custom
-- values flat beside the built-in fields (only those the subscriber has).
CREATE FUNCTION webhook_subscriber(r jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(r->'custom', '{}'::jsonb) || jsonb_build_object(
    'id', r->'id', 'list', r->'list_id',
    'create_datetime', webhook_iso((r->>'create_datetime')::timestamptz),
    'create_user', r->'create_user',
    'update_datetime', webhook_iso((r->>'update_datetime')::timestamptz),
    'update_user', r->'update_user',
    'subscription', r->'subscription', 'email', r->'email',
    'first_name', r->'first_name', 'last_name', r->'last_name', 'gender', r->'gender',
    'date_of_birth', r->'date_of_birth', 'language', r->'language', 'region', r->'region')
$$;
--> statement-breakpoint
-- Subscribers created by an import (the actor's `via`, server/lib/actor.ts) emit nothing:
-- the import's one `import.finished` stands for them.
CREATE FUNCTION webhook_subscribers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION webhook_subscribers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER subscribers_webhooks_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_subscribers_inserted();
--> statement-breakpoint
CREATE TRIGGER subscribers_webhooks_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_subscribers_updated();
--> statement-breakpoint
-- Row triggers with WHEN: they run only for the one update that finishes an import or
-- starts/finishes a delivery. TG_ARGV[0] is the event type.
CREATE FUNCTION webhook_import_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted('import.finished') THEN RETURN NULL; END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data) VALUES ('import.finished', 'import:' || NEW.id,
    jsonb_build_object('id', NEW.id, 'list', NEW.list_id, 'file', NEW.file, 'encoding', NEW.encoding,
      'delimiter', NEW.delimiter, 'has_header', NEW.has_header,
      'ignore_invalid_fields', NEW.ignore_invalid_fields, 'date_format', NEW.date_format,
      'fields', to_jsonb(NEW.fields), 'status', NEW.status, 'total_rows', NEW.total_rows,
      'created', NEW.created, 'skipped_existing', NEW.skipped_existing,
      'skipped_duplicate', NEW.skipped_duplicate, 'invalid', NEW.invalid, 'errors', NEW.errors,
      'create_datetime', webhook_iso(NEW.create_datetime)))
    RETURNING id, type, resource)
  -- One message per enabled endpoint that wants the event (the same transaction).
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER imports_webhooks_finished AFTER UPDATE ON imports FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('done', 'failed'))
  EXECUTE FUNCTION webhook_import_finished();
--> statement-breakpoint
CREATE FUNCTION webhook_delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER deliveries_webhooks_started AFTER UPDATE ON deliveries FOR EACH ROW
  WHEN (OLD.started_datetime IS NULL AND NEW.started_datetime IS NOT NULL)
  EXECUTE FUNCTION webhook_delivery_changed('delivery.started');
--> statement-breakpoint
CREATE TRIGGER deliveries_webhooks_finished AFTER UPDATE ON deliveries FOR EACH ROW
  WHEN (OLD.finished_datetime IS NULL AND NEW.finished_datetime IS NOT NULL)
  EXECUTE FUNCTION webhook_delivery_changed('delivery.finished');
--> statement-breakpoint
-- Statistics records as GET /api/v1/statistics/{kind} shows them, plus `delivery`.
-- TG_ARGV[0] is the event type.
CREATE FUNCTION webhook_records_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted(TG_ARGV[0]) THEN RETURN NULL; END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data)
  SELECT TG_ARGV[0], 'message:' || r->>'delivery_id' || ':' || lower(r->>'email'),
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
--> statement-breakpoint
CREATE TRIGGER stat_opens_webhooks AFTER INSERT ON stat_opens
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.opened');
--> statement-breakpoint
CREATE TRIGGER stat_clicks_webhooks AFTER INSERT ON stat_clicks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.clicked');
--> statement-breakpoint
CREATE TRIGGER stat_bounces_webhooks AFTER INSERT ON stat_bounces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_records_inserted('message.bounced');
