-- Issue 56: the home's "automations with runs waiting" reads a kept count per automation
-- instead of counting its active runs per request (a welcome series on a list of a million
-- holds a hundred thousand). Kept by server/features/overview/sql/automation_runs_waiting.sql.
CREATE TABLE automation_waiting_counts (
  automation_id integer PRIMARY KEY REFERENCES automations (id) ON DELETE CASCADE,
  waiting bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO automation_waiting_counts (automation_id, waiting)
SELECT a.id, (SELECT count(*) FROM automation_runs r WHERE r.automation_id = a.id AND r.state = 'active')
  FROM automations a;
