-- `first` marks the earliest record (by datetime, then id) of a delivery and email (and url
-- for clicks), which is what the statistics filter `unique=true` keeps. It is maintained on
-- insert by statement-level triggers with transition tables: a bulk insert of a million
-- records costs one set-based update of the repeats, not a million row triggers. Records
-- are never updated (migration 0002).
-- History: migration 0002; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION stat_bounces_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat_bounces'), d.delivery_id)
    FROM (SELECT DISTINCT delivery_id FROM inserted ORDER BY 1) AS d;
  UPDATE "stat_bounces" s SET "first" = false
  FROM (SELECT DISTINCT delivery_id, email FROM inserted) AS k
  WHERE s.delivery_id = k.delivery_id AND s.email = k.email
    AND s."first"
    AND EXISTS (
      SELECT 1 FROM "stat_bounces" e
      WHERE e.delivery_id = s.delivery_id AND e.email = s.email
        AND (e.datetime, e.id) < (s.datetime, s.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_bounces_mark_repeats ON stat_bounces;
--> statement-breakpoint
CREATE TRIGGER stat_bounces_mark_repeats AFTER INSERT ON "stat_bounces"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_bounces_mark_repeats();
