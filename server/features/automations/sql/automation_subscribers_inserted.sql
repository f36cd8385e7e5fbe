-- After an INSERT into subscribers: active new subscribers start `subscribed` runs, and the
-- lists' segment_entered automations evaluate soon (automation_start_subscribed.sql).
-- History: migration 0021; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION automation_subscribers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM automations a WHERE a.state = 'active'
              AND a.list_id IN (SELECT DISTINCT list_id FROM new_rows)) THEN
    PERFORM automation_start_subscribed(
      (SELECT jsonb_agg(jsonb_build_object('id', n.id, 'list_id', n.list_id, 'email', n.email))
         FROM new_rows n WHERE n.subscription = 'active'));
    PERFORM automation_segments_changed(ARRAY(SELECT DISTINCT list_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_automations_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_inserted();
