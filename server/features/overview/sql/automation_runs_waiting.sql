-- After each statement on automation_runs: the automation's count of active runs
-- (automation_waiting_counts, migration 0053) moves by the runs that became or stopped being
-- active (the home's running card). One function for the three triggers: each names its
-- transition tables, and only the branch of its operation reads them.
CREATE OR REPLACE FUNCTION automation_runs_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO automation_waiting_counts AS c (automation_id, waiting)
    SELECT automation_id, count(*) FROM new_rows WHERE state = 'active' GROUP BY 1
    ON CONFLICT (automation_id) DO UPDATE SET waiting = c.waiting + EXCLUDED.waiting;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO automation_waiting_counts AS c (automation_id, waiting)
    SELECT d.automation_id, sum(d.n)
      FROM (SELECT automation_id, -count(*) AS n FROM old_rows WHERE state = 'active' GROUP BY 1
            UNION ALL
            SELECT automation_id, count(*) FROM new_rows WHERE state = 'active' GROUP BY 1) AS d
     WHERE EXISTS (SELECT 1 FROM automations a WHERE a.id = d.automation_id)
     GROUP BY 1 HAVING sum(d.n) <> 0
    ON CONFLICT (automation_id) DO UPDATE SET waiting = c.waiting + EXCLUDED.waiting;
  ELSE
    UPDATE automation_waiting_counts c SET waiting = c.waiting - d.n
      FROM (SELECT automation_id, count(*) AS n FROM old_rows WHERE state = 'active' GROUP BY 1) AS d
     WHERE c.automation_id = d.automation_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS automation_runs_waiting_insert ON automation_runs;
--> statement-breakpoint
CREATE TRIGGER automation_runs_waiting_insert AFTER INSERT ON automation_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_runs_waiting();
--> statement-breakpoint
DROP TRIGGER IF EXISTS automation_runs_waiting_update ON automation_runs;
--> statement-breakpoint
CREATE TRIGGER automation_runs_waiting_update AFTER UPDATE ON automation_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION automation_runs_waiting();
--> statement-breakpoint
DROP TRIGGER IF EXISTS automation_runs_waiting_delete ON automation_runs;
--> statement-breakpoint
CREATE TRIGGER automation_runs_waiting_delete AFTER DELETE ON automation_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION automation_runs_waiting();
