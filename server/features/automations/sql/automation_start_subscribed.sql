-- Subscribers becoming active start `subscribed` runs (imports only where the automation
-- includes them); leaving `active` (unsubscribed, bounced, deleted) ends their runs at once;
-- any change asks active segment_entered automations of the list to evaluate soon.
-- `became` holds the subscribers who just became active (inserted active, or updated to it).
-- History: migration 0021, changed in 0025; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION automation_start_subscribed(became jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
  ON CONFLICT DO NOTHING;
END $$;
