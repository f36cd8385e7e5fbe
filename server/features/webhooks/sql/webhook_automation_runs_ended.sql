-- automation.run_finished (webhooks, issue 32): a run that finished or was ended.
-- History: migration 0021; since 0032 this file is the definition.
-- Planned without nested loops, for the reason subscribers/sql/subscriber_history_on_update.sql gives: a
-- plan kept from a one-row first call joined two 10,000-row transition tables row by row.
-- JIT off with it: a nested loop that must stay (a LATERAL) costs 10^10 without them.
CREATE OR REPLACE FUNCTION webhook_automation_runs_ended() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off SET jit = off AS $$
BEGIN
  IF NOT webhook_wanted('automation.run_finished') THEN RETURN NULL; END IF;
  WITH ev AS (INSERT INTO webhook_events (type, resource, data)
  SELECT 'automation.run_finished', 'subscriber:' || COALESCE(n.subscriber_id::text, 'run' || n.id),
         jsonb_build_object('id', n.id, 'automation', n.automation_id,
           'list', (SELECT list_id FROM automations WHERE id = n.automation_id),
           'subscriber', n.subscriber_id, 'email', n.email, 'state', n.state,
           'exit_reason', n.exit_reason, 'start_datetime', webhook_iso(n.start_datetime),
           'end_datetime', webhook_iso(n.end_datetime))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   WHERE o.state = 'active' AND n.state <> 'active'
   ORDER BY n.id
    RETURNING id, type, resource)
  INSERT INTO webhook_messages (endpoint_id, event_id, resource)
  SELECT e.id, ev.id, ev.resource
    FROM ev JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY (e.events)
   ORDER BY ev.id, e.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS automation_runs_webhooks ON automation_runs;
--> statement-breakpoint
CREATE TRIGGER automation_runs_webhooks AFTER UPDATE ON automation_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_automation_runs_ended();
