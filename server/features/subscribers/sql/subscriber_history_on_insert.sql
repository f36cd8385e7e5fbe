-- After an INSERT into subscribers: one `created` history row per list and statement (an
-- import batch's ids as ranges in `created_ids`), naming who and how (mailboard_actor.sql).
-- History: migration 0005; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_history_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := mailboard_actor();
  import_file text := actor->>'file';
BEGIN
  IF import_file IS NULL AND actor ? 'import' THEN
    SELECT file INTO import_file FROM imports WHERE id = (actor->>'import')::int;
  END IF;
  INSERT INTO subscriber_history (list_id, subscriber_id, created_ids, user_id, via, import_id, file, kind)
  SELECT list_id,
         CASE WHEN count(*) = 1 THEN min(id) END,
         CASE WHEN count(*) > 1 THEN range_agg(int4range(id, id, '[]')) END,
         CASE WHEN actor ? 'user' THEN (actor->>'user')::int ELSE min(create_user) END,
         actor->>'via', (actor->>'import')::int, import_file, 'created'
    FROM new_rows GROUP BY list_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_history_insert ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_history_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_insert();
