-- `first` marks the earliest record (by datetime, then id) of a delivery and email (and url
-- for clicks), which is what the statistics filter `unique=true` keeps. It is maintained on
-- insert by statement-level triggers with transition tables: a bulk insert of a million
-- records costs one set-based update of the repeats, not a million row triggers. Records
-- are never updated (migration 0002).
-- History: migration 0002, changed in 0010, 0026; since 0032 this file is the definition; first_human since
-- 0045, found by index since 0065.
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
  -- The earliest human record of a key is `first`, or else `first_human` (migration 0045,
  -- issue 51: a machine's record came before it). The hit recorder sets it for the usual
  -- case; this settles concurrent writers, touching only rows whose flag is wrong.
  -- The earliest human record comes from stat_opens_human (migration 0065) and the flagged
  -- ones from stat_opens_first_human: a probe each per key, not a walk over every record of
  -- the key (a scanner's thousands on one key made each batch cost all the ones before it).
  WITH fh AS (
    SELECT k.*, (SELECT e.id FROM "stat_opens" e
                  WHERE e.delivery_id = k.delivery_id AND e.email = k.email AND e.class = 'human'
                  ORDER BY e.datetime, e.id LIMIT 1) AS id
      FROM (SELECT DISTINCT delivery_id, email FROM inserted) AS k
  ),
  due AS (
    SELECT f.id, coalesce(f.id = fh.id, false) AS earliest
      FROM fh JOIN "stat_opens" f ON f.delivery_id = fh.delivery_id AND f.email = fh.email AND f.first_human
    UNION
    SELECT fh.id, true FROM fh WHERE fh.id IS NOT NULL
  )
  UPDATE "stat_opens" s SET first_human = due.earliest AND NOT s."first"
    FROM due
   WHERE s.id = due.id AND s.first_human <> (due.earliest AND NOT s."first");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_opens_mark_repeats ON stat_opens;
--> statement-breakpoint
CREATE TRIGGER stat_opens_mark_repeats AFTER INSERT ON "stat_opens"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_opens_mark_repeats();
