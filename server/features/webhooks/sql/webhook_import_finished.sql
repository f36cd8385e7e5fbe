-- Row triggers with WHEN: they run only for the one update that finishes an import or
-- starts/finishes a delivery. TG_ARGV[0] is the event type.
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_import_finished() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER IF EXISTS imports_webhooks_finished ON imports;
--> statement-breakpoint
CREATE TRIGGER imports_webhooks_finished AFTER UPDATE ON imports FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('done', 'failed'))
  EXECUTE FUNCTION webhook_import_finished();
