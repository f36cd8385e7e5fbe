-- `first` marks the earliest record (by datetime, then id) of a delivery and email (and url
-- for clicks), which is what the statistics filter `unique=true` keeps (DESIGN §4). It is
-- maintained on insert by statement-level triggers with transition tables: a bulk insert of
-- a million records costs one set-based update of the repeats, not a million row triggers.
-- Writers of one delivery take turns (advisory lock per delivery), so a later statement
-- sees the rows of an earlier one and fixes the flags of both. Records are never updated.
ALTER TABLE "stat_bounces" ADD COLUMN "first" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_clicks" ADD COLUMN "first" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_opens" ADD COLUMN "first" boolean DEFAULT true NOT NULL;--> statement-breakpoint

UPDATE "stat_opens" s SET "first" = false
WHERE EXISTS (
  SELECT 1 FROM "stat_opens" e
  WHERE e.delivery_id = s.delivery_id AND e.email = s.email
    AND (e.datetime, e.id) < (s.datetime, s.id));
--> statement-breakpoint
CREATE FUNCTION stat_opens_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat_opens'), d.delivery_id)
    FROM (SELECT DISTINCT delivery_id FROM inserted ORDER BY 1) AS d;
  UPDATE "stat_opens" s SET "first" = false
  FROM (SELECT DISTINCT delivery_id, email FROM inserted) AS k
  WHERE s.delivery_id = k.delivery_id AND s.email = k.email
    AND s."first"
    AND EXISTS (
      SELECT 1 FROM "stat_opens" e
      WHERE e.delivery_id = s.delivery_id AND e.email = s.email
        AND (e.datetime, e.id) < (s.datetime, s.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_opens_mark_repeats AFTER INSERT ON "stat_opens"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_opens_mark_repeats();
--> statement-breakpoint

UPDATE "stat_clicks" s SET "first" = false
WHERE EXISTS (
  SELECT 1 FROM "stat_clicks" e
  WHERE e.delivery_id = s.delivery_id AND e.email = s.email AND e.url = s.url
    AND (e.datetime, e.id) < (s.datetime, s.id));
--> statement-breakpoint
CREATE FUNCTION stat_clicks_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat_clicks'), d.delivery_id)
    FROM (SELECT DISTINCT delivery_id FROM inserted ORDER BY 1) AS d;
  UPDATE "stat_clicks" s SET "first" = false
  FROM (SELECT DISTINCT delivery_id, email, url FROM inserted) AS k
  WHERE s.delivery_id = k.delivery_id AND s.email = k.email AND k.url = s.url
    AND s."first"
    AND EXISTS (
      SELECT 1 FROM "stat_clicks" e
      WHERE e.delivery_id = s.delivery_id AND e.email = s.email AND e.url = s.url
        AND (e.datetime, e.id) < (s.datetime, s.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_clicks_mark_repeats AFTER INSERT ON "stat_clicks"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_clicks_mark_repeats();
--> statement-breakpoint

UPDATE "stat_bounces" s SET "first" = false
WHERE EXISTS (
  SELECT 1 FROM "stat_bounces" e
  WHERE e.delivery_id = s.delivery_id AND e.email = s.email
    AND (e.datetime, e.id) < (s.datetime, s.id));
--> statement-breakpoint
CREATE FUNCTION stat_bounces_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER stat_bounces_mark_repeats AFTER INSERT ON "stat_bounces"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_bounces_mark_repeats();
