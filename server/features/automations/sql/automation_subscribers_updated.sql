-- After an UPDATE of subscribers: those who became active start runs, those who left `active`
-- end theirs at once, and the lists' segment_entered automations evaluate soon.
-- History: migration 0021; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION automation_subscribers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM automation_runs WHERE state = 'active' LIMIT 1) THEN
    UPDATE automation_runs r
       SET state = 'exited', exit_reason = n.subscription, due_datetime = NULL, end_datetime = now()
      FROM new_rows n
     WHERE r.subscriber_id = n.id AND r.state = 'active' AND n.subscription <> 'active';
  END IF;
  IF EXISTS (SELECT 1 FROM automations a WHERE a.state = 'active'
              AND a.list_id IN (SELECT DISTINCT list_id FROM new_rows)) THEN
    PERFORM automation_start_subscribed(
      (SELECT jsonb_agg(jsonb_build_object('id', n.id, 'list_id', n.list_id, 'email', n.email))
         FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.subscription = 'active' AND o.subscription <> 'active'));
    PERFORM automation_segments_changed(ARRAY(SELECT DISTINCT list_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_automations_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_updated();
