-- Partial search over email, first and last name, case- and accent-insensitive (issue 15).
-- pg_trgm and unaccent are trusted extensions: the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly.
-- This wrapper names the dictionary by schema and is declared IMMUTABLE; being IMMUTABLE
-- around a STABLE call it is never inlined, so queries match the index expression as written.
CREATE FUNCTION mailboard_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
--> statement-breakpoint
-- One trigram index over the three fields joined by a space (so "hans müller" finds the
-- first and last name together); the list filter is applied to its matches.
CREATE INDEX subscribers_search_trgm ON subscribers
  USING gin (mailboard_fold(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
-- Every change to a subscriber (issue 15): who (user), how (`via`: form, api, import; null
-- when a write path named none) and when. Written by statement-level triggers from the
-- transition tables, so an import batch of 10,000 rows costs one INSERT … SELECT here.
-- A creation of several rows in one statement (an import batch) is ONE row whose
-- `created_ids` holds the new ids as ranges; everything else names its `subscriber_id`.
CREATE TABLE subscriber_history (
  id bigserial PRIMARY KEY,
  list_id integer NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  subscriber_id integer REFERENCES subscribers (id) ON DELETE CASCADE,
  created_ids int4multirange,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  via text,
  import_id integer,
  file text,
  -- created | changed (a field) | state (subscription)
  kind text NOT NULL,
  field text,
  old_value jsonb,
  new_value jsonb
);
--> statement-breakpoint
CREATE INDEX subscriber_history_subscriber ON subscriber_history (subscriber_id, id);
--> statement-breakpoint
CREATE INDEX subscriber_history_batches ON subscriber_history (list_id) WHERE subscriber_id IS NULL;
--> statement-breakpoint
-- The actor a write path set for its transaction (server/lib/actor.ts), or NULL.
CREATE FUNCTION mailboard_actor() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('mailboard.actor', true), '')::jsonb
$$;
--> statement-breakpoint
CREATE FUNCTION subscriber_history_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION subscriber_history_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
     SELECT f.field, f.old_value, f.new_value
       FROM (VALUES
         ('subscription', to_jsonb(o.subscription), to_jsonb(n.subscription)),
         ('email', to_jsonb(o.email), to_jsonb(n.email)),
         ('first_name', to_jsonb(o.first_name), to_jsonb(n.first_name)),
         ('last_name', to_jsonb(o.last_name), to_jsonb(n.last_name)),
         ('gender', to_jsonb(o.gender), to_jsonb(n.gender)),
         ('date_of_birth', to_jsonb(o.date_of_birth), to_jsonb(n.date_of_birth)),
         ('language', to_jsonb(o.language), to_jsonb(n.language)),
         ('region', to_jsonb(o.region), to_jsonb(n.region))
       ) AS f (field, old_value, new_value)
      WHERE f.old_value IS DISTINCT FROM f.new_value
     UNION ALL
     SELECT k.key, o.custom -> k.key, n.custom -> k.key
       FROM (SELECT jsonb_object_keys(o.custom) UNION SELECT jsonb_object_keys(n.custom)) AS k (key)
      WHERE (o.custom -> k.key) IS DISTINCT FROM (n.custom -> k.key)
   ) AS c
   ORDER BY n.id, c.field;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscribers_history_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_insert();
--> statement-breakpoint
CREATE TRIGGER subscribers_history_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_history_on_update();
