-- The `first` triggers (migration 0010) took one advisory lock per key of a statement
-- (delivery, email[, url]), held to commit. PostgreSQL's shared lock table holds about
-- max_locks_per_transaction × max_connections entries (~7,000 by default) for the whole
-- server, so one transaction writing many records could run it out: the demo data's
-- single transaction took ~7,200 of them and two loads at once failed "out of shared
-- memory", as could several replicas flushing 1,000-hit tracking batches at once.
-- Writers now take turns per bucket of keys (the key's hash modulo 256): at most 256 locks
-- per table and transaction. Keys sharing a bucket only wait for each other; buckets are
-- still locked in order, so two multi-row statements cannot wait for each other in a circle.
CREATE OR REPLACE FUNCTION stat_opens_mark_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat_opens'), k.b)
    FROM (SELECT DISTINCT hashtext(delivery_id || ' ' || email) & 255 AS b FROM inserted ORDER BY 1) AS k;
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
  PERFORM pg_advisory_xact_lock(hashtext('stat_clicks'), k.b)
    FROM (SELECT DISTINCT hashtext(delivery_id || ' ' || email || ' ' || url) & 255 AS b
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
