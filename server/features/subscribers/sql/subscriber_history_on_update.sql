-- After an UPDATE of subscribers: one history row per changed field of each subscriber
-- (`state` for the subscription), with its old and new value, who and how.
-- History: migration 0005; since 0032 this file is the definition. `paused_until` (0049):
-- a pause from the preference centre, its new value the date it ends (null: resumed).
-- JIT off: the planner takes each subscriber for ~200 changed fields (the custom keys' set
-- functions are guessed at 100 rows each), so a 10,000-row update (an import batch) crossed
-- jit_above_cost and compiled the query every time: half of the trigger's 0.5–1.2 s on a
-- loaded PostgreSQL 15, for a plan that runs in ~0.2 s interpreted.
-- Planned without nested loops: PL/pgSQL keeps a statement's plan for the session, made for
-- the transition tables' sizes at the first call, and after a one-row edit the join of
-- old_rows and new_rows stayed a nested loop: an import batch of 10,000 updates then took
-- 33 s in the history trigger and 40–66 s in the counts trigger on PGlite (0.1 s and 0.03 s
-- planned for its size). A hash join costs nothing at one row. The LATERAL below stays a
-- nested loop, which then costs 10^10 to the planner: JIT off keeps it from compiling.
CREATE OR REPLACE FUNCTION subscriber_history_on_update() RETURNS trigger LANGUAGE plpgsql
SET jit = off SET enable_nestloop = off AS $$
DECLARE
  actor jsonb := mailboard_actor();
  import_file text := actor->>'file';
BEGIN
  IF import_file IS NULL AND actor ? 'import' THEN
    SELECT file INTO import_file FROM imports WHERE id = (actor->>'import')::int;
  END IF;
  INSERT INTO subscriber_history (list_id, subscriber_id, user_id, via, import_id, file, kind, field, old_value, new_value)
  SELECT n.list_id, n.id, CASE WHEN actor ? 'user' THEN (actor->>'user')::int ELSE n.update_user END,
         actor->>'via', (actor->>'import')::int, import_file,
         CASE WHEN c.field = 'subscription' THEN 'state' ELSE 'changed' END,
         c.field, c.old_value, c.new_value
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   CROSS JOIN LATERAL (
     -- Each field compared as itself and turned into jsonb only when it changed: building
     -- all 18 values for every row and comparing them as jsonb took 4× as long (10,000 rows
     -- with one changed field each: 156 ms against 39 on PostgreSQL 15).
     SELECT 'subscription', to_jsonb(o.subscription), to_jsonb(n.subscription)
      WHERE o.subscription IS DISTINCT FROM n.subscription
     UNION ALL SELECT 'email', to_jsonb(o.email), to_jsonb(n.email)
      WHERE o.email IS DISTINCT FROM n.email
     UNION ALL SELECT 'first_name', to_jsonb(o.first_name), to_jsonb(n.first_name)
      WHERE o.first_name IS DISTINCT FROM n.first_name
     UNION ALL SELECT 'last_name', to_jsonb(o.last_name), to_jsonb(n.last_name)
      WHERE o.last_name IS DISTINCT FROM n.last_name
     UNION ALL SELECT 'gender', to_jsonb(o.gender), to_jsonb(n.gender)
      WHERE o.gender IS DISTINCT FROM n.gender
     UNION ALL SELECT 'date_of_birth', to_jsonb(o.date_of_birth), to_jsonb(n.date_of_birth)
      WHERE o.date_of_birth IS DISTINCT FROM n.date_of_birth
     UNION ALL SELECT 'language', to_jsonb(o.language), to_jsonb(n.language)
      WHERE o.language IS DISTINCT FROM n.language
     UNION ALL SELECT 'region', to_jsonb(o.region), to_jsonb(n.region)
      WHERE o.region IS DISTINCT FROM n.region
     UNION ALL SELECT 'paused_until', to_jsonb(o.paused_until), to_jsonb(n.paused_until)
      WHERE o.paused_until IS DISTINCT FROM n.paused_until
     UNION ALL
     -- The keys are listed only when the custom fields differ at all (a one-time filter).
     SELECT k.key, o.custom -> k.key, n.custom -> k.key
       FROM (SELECT jsonb_object_keys(o.custom) UNION SELECT jsonb_object_keys(n.custom)) AS k (key)
      WHERE o.custom IS DISTINCT FROM n.custom
        AND (o.custom -> k.key) IS DISTINCT FROM (n.custom -> k.key)
   ) AS c (field, old_value, new_value)
   ORDER BY n.id, c.field;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_history_update ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_history_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_update();
