-- Tracking hits (click redirect, open pixel) at thousands per second (issue 19).
-- The `first` triggers of migration 0002 made every writer of a delivery take turns (one
-- advisory lock per delivery, held to commit), so all clicks of a mailing were serialized,
-- and found a key's earliest-record candidates by reading every record of that key, which
-- grows without bound when TRACKING=counts files every click of a URL under one empty email.
-- Now writers take turns per key only (delivery, email[, url]; hashed, so an unrelated key
-- may share a lock now and then, which only costs waiting), and partial indexes on the
-- records still flagged `first` make finding the candidates constant-time.
CREATE INDEX "stat_clicks_first" ON "stat_clicks" ("delivery_id", "email", "url") WHERE "first";--> statement-breakpoint
CREATE INDEX "stat_opens_first" ON "stat_opens" ("delivery_id", "email") WHERE "first";--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_opens_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Locks in key order: two multi-row statements cannot wait for each other in a circle.
  PERFORM pg_advisory_xact_lock(hashtext('stat_opens'), k.h)
    FROM (SELECT DISTINCT hashtext(delivery_id || ' ' || email) AS h FROM inserted ORDER BY 1) AS k;
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
CREATE OR REPLACE FUNCTION stat_clicks_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat_clicks'), k.h)
    FROM (SELECT DISTINCT hashtext(delivery_id || ' ' || email || ' ' || url) AS h
            FROM inserted ORDER BY 1) AS k;
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
