-- Automations (issue 31, docs/architecture.md §17): per-subscriber runs through ordered steps,
-- started by triggers on `subscribers` in the transaction of the change, advanced by a
-- scheduler that claims due runs by an index on their due time (FOR UPDATE SKIP LOCKED).
CREATE TABLE automations (
  id serial PRIMARY KEY,
  list_id integer NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- draft | active | paused
  state text NOT NULL DEFAULT 'draft',
  -- {type: subscribed, include_imports} | {type: segment_entered, segment} | {type: date_field, field, hour}
  trigger jsonb NOT NULL,
  trigger_type text NOT NULL,
  include_imports boolean NOT NULL DEFAULT false,
  -- [{id, type, …}]: each step keeps its id across edits (runs point at ids, not positions)
  steps jsonb NOT NULL DEFAULT '[]',
  next_step_id integer NOT NULL DEFAULT 1,
  reenter boolean NOT NULL DEFAULT false,
  -- segment_entered and date_field: when the scheduler next evaluates the trigger
  check_due timestamp (3) with time zone,
  -- segment_entered: the members were recorded once (those already in do not "enter")
  segment_seeded boolean NOT NULL DEFAULT false,
  create_datetime timestamp (3) with time zone NOT NULL DEFAULT now(),
  create_user integer REFERENCES users (id) ON DELETE SET NULL,
  update_datetime timestamp (3) with time zone NOT NULL DEFAULT now(),
  update_user integer REFERENCES users (id) ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX automations_list ON automations (list_id, id);
--> statement-breakpoint
CREATE INDEX automations_check_due ON automations (check_due) WHERE state = 'active';
--> statement-breakpoint
CREATE INDEX automations_subscribed ON automations (list_id) WHERE state = 'active' AND trigger_type = 'subscribed';
--> statement-breakpoint
-- One subscriber's way through one automation. `entry` counts re-entries (date_field: the year).
CREATE TABLE automation_runs (
  id bigserial PRIMARY KEY,
  automation_id integer NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
  -- no foreign key: a deleted subscriber's runs end (trigger) and stay for the statistics
  subscriber_id integer,
  email text NOT NULL,
  entry integer NOT NULL DEFAULT 1,
  -- active | finished | exited
  state text NOT NULL DEFAULT 'active',
  -- the step the run is at (its id), null before the first one
  step_id integer,
  -- that step's index when the run entered it: where to go on if the step is removed
  step_position integer NOT NULL DEFAULT 0,
  -- when the scheduler next advances it (active runs only)
  due_datetime timestamp (3) with time zone,
  exit_reason text NOT NULL DEFAULT '',
  start_datetime timestamp (3) with time zone NOT NULL DEFAULT now(),
  end_datetime timestamp (3) with time zone,
  UNIQUE (automation_id, subscriber_id, entry)
);
--> statement-breakpoint
-- The scheduler's only way in: due runs of one active automation, earliest first.
CREATE INDEX automation_runs_due ON automation_runs (automation_id, due_datetime) WHERE state = 'active';
--> statement-breakpoint
CREATE INDEX automation_runs_subscriber ON automation_runs (subscriber_id);
--> statement-breakpoint
CREATE INDEX automation_runs_state ON automation_runs (automation_id, state, id);
--> statement-breakpoint
-- The steps a run entered (per-step counts, conditions on a send step's mail, history).
CREATE TABLE automation_run_steps (
  run_id bigint NOT NULL REFERENCES automation_runs (id) ON DELETE CASCADE,
  step_id integer NOT NULL,
  automation_id integer NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
  entered_datetime timestamp (3) with time zone NOT NULL DEFAULT now(),
  -- a send step: the recipient row of the step's delivery
  recipient_id bigint,
  -- a condition: continue | stop | skip
  outcome text NOT NULL DEFAULT '',
  PRIMARY KEY (run_id, step_id)
);
--> statement-breakpoint
CREATE INDEX automation_run_steps_counts ON automation_run_steps (automation_id, step_id);
--> statement-breakpoint
-- segment_entered: who matched at the last evaluation (entering = matching now, not then).
CREATE TABLE automation_segment_members (
  automation_id integer NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
  subscriber_id integer NOT NULL,
  PRIMARY KEY (automation_id, subscriber_id)
);
--> statement-breakpoint
-- A send step's mail goes through an ordinary delivery of the mailing's variant: one per
-- (automation, step, variant, entry), `running` while the automation is active, never
-- drained to `done`; recipients are appended as runs reach the step.
ALTER TABLE deliveries ADD COLUMN automation_id integer REFERENCES automations (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE deliveries ADD COLUMN automation_step integer;
--> statement-breakpoint
ALTER TABLE deliveries ADD COLUMN automation_entry integer;
--> statement-breakpoint
CREATE UNIQUE INDEX deliveries_automation_step ON deliveries (automation_id, automation_step, variant_id, automation_entry) WHERE automation_id IS NOT NULL;
--> statement-breakpoint
-- Subscribers becoming active start `subscribed` runs (imports only where the automation
-- includes them); leaving `active` (unsubscribed, bounced, deleted) ends their runs at once;
-- any change asks active segment_entered automations of the list to evaluate soon.
-- `became` holds the subscribers who just became active (inserted active, or updated to it).
CREATE FUNCTION automation_start_subscribed(became jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO automation_runs (automation_id, subscriber_id, email, entry, due_datetime)
  SELECT a.id, n.id, n.email, COALESCE(prev.entry, 0) + 1, now()
    FROM jsonb_to_recordset(became) AS n(id integer, list_id integer, email text)
    JOIN automations a ON a.list_id = n.list_id AND a.state = 'active'
     AND a.trigger_type = 'subscribed'
     AND (a.include_imports OR (mailboard_actor()->>'via') IS DISTINCT FROM 'import')
   CROSS JOIN LATERAL (SELECT max(r.entry) AS entry, bool_or(r.state = 'active') AS running
                         FROM automation_runs r
                        WHERE r.automation_id = a.id AND r.subscriber_id = n.id) prev
   WHERE prev.entry IS NULL OR (a.reenter AND NOT COALESCE(prev.running, false))
   ORDER BY n.id
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION automation_segments_changed(list_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE automations a SET check_due = now()
   WHERE a.state = 'active' AND a.trigger_type = 'segment_entered' AND a.list_id = ANY (list_ids)
     AND (a.check_due IS NULL OR a.check_due > now() + interval '10 seconds')
$$;
--> statement-breakpoint
CREATE FUNCTION automation_subscribers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION automation_subscribers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER subscribers_automations_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_inserted();
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_updated();
--> statement-breakpoint
CREATE FUNCTION automation_subscribers_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE automation_runs r
     SET state = 'exited', exit_reason = 'deleted', due_datetime = NULL, end_datetime = now()
    FROM old_rows o
   WHERE r.subscriber_id = o.id AND r.state = 'active';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_deleted();
--> statement-breakpoint
-- automation.run_finished (webhooks, issue 32): a run that finished or was ended.
CREATE FUNCTION webhook_automation_runs_ended() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER automation_runs_webhooks AFTER UPDATE ON automation_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_automation_runs_ended();
