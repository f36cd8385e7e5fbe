-- After a DELETE of subscribers: their active runs end (exit_reason `deleted`).
-- History: migration 0021; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION automation_subscribers_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE automation_runs r
     SET state = 'exited', exit_reason = 'deleted', due_datetime = NULL, end_datetime = now()
    FROM old_rows o
   WHERE r.subscriber_id = o.id AND r.state = 'active';
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_automations_delete ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_deleted();
