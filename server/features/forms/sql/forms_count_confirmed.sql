-- A form's `confirmed` count (issue 50): a subscriber whose opt-in mail a form asked for
-- turns from pending to active. A row trigger whose WHEN passes only for that change, so
-- other updates (imports, bulk state changes) pay only the check.
CREATE OR REPLACE FUNCTION forms_count_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_counts (form_id, hour, outcome, count)
  SELECT c.form_id, date_trunc('hour', now()), 'confirmed', 1
    FROM optin_confirmations c
   WHERE c.subscriber_id = NEW.id AND c.form_id IS NOT NULL AND c.state <> 'covered'
  ON CONFLICT (form_id, hour, outcome) DO UPDATE SET count = form_counts.count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_form_confirmed ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_form_confirmed AFTER UPDATE OF subscription ON subscribers FOR EACH ROW
  WHEN (OLD.subscription = 'pending' AND NEW.subscription = 'active')
  EXECUTE FUNCTION forms_count_confirmed();
