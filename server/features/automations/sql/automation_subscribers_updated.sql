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
    -- Who became active, found by grouping both tables' rows by id rather than joining them:
    -- the plan is kept for the session, and a join planned at a one-row first call stayed a
    -- nested loop for an import's 10,000 rows (subscriber_history_on_update.sql). Function
    -- settings would reach the nested functions' plans; a grouping is never n².
    PERFORM automation_start_subscribed(
      (SELECT jsonb_agg(jsonb_build_object('id', b.id, 'list_id', b.list_id, 'email', b.email))
         FROM (SELECT id, (array_agg(list_id) FILTER (WHERE is_new))[1] AS list_id,
                      (array_agg(email) FILTER (WHERE is_new))[1] AS email
                 FROM (SELECT id, list_id, email, subscription, true AS is_new FROM new_rows
                       UNION ALL
                       SELECT id, list_id, email, subscription, false FROM old_rows) AS t
                GROUP BY id
               HAVING bool_or(is_new AND subscription = 'active')
                  AND bool_or(NOT is_new AND subscription <> 'active')) AS b));
    PERFORM automation_segments_changed(ARRAY(SELECT DISTINCT list_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_automations_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_automations_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_subscribers_updated();
