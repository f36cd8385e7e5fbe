-- `first` marks the earliest record (by datetime, then id) of a delivery and email (and url
-- for clicks), which is what the statistics filter `unique=true` keeps. It is maintained on
-- insert by statement-level triggers with transition tables: a bulk insert of a million
-- records costs one set-based update of the repeats, not a million row triggers. Records
-- are never updated (migration 0002).
-- History: migration 0002, changed in 0010, 0026; since 0032 this file is the definition; first_human since
-- 0045, found by index since 0065.
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
  -- The earliest human record of a key is `first`, or else `first_human` (migration 0045,
  -- issue 51: a machine's record came before it). The hit recorder sets it for the usual
  -- case; this settles concurrent writers, touching only rows whose flag is wrong.
  -- The earliest human record comes from stat_clicks_human (migration 0065) and the flagged
  -- ones from stat_clicks_first_human: a probe each per key, not a walk over every record of
  -- the key (a scanner's thousands on one key made each batch cost all the ones before it).
  WITH fh AS (
    SELECT k.*, (SELECT e.id FROM "stat_clicks" e
                  WHERE e.delivery_id = k.delivery_id AND e.email = k.email AND e.url = k.url AND e.class = 'human'
                  ORDER BY e.datetime, e.id LIMIT 1) AS id
      FROM (SELECT DISTINCT delivery_id, email, url FROM inserted) AS k
  ),
  due AS (
    SELECT f.id, coalesce(f.id = fh.id, false) AS earliest
      FROM fh JOIN "stat_clicks" f ON f.delivery_id = fh.delivery_id AND f.email = fh.email AND f.url = fh.url AND f.first_human
    UNION
    SELECT fh.id, true FROM fh WHERE fh.id IS NOT NULL
  )
  UPDATE "stat_clicks" s SET first_human = due.earliest AND NOT s."first"
    FROM due
   WHERE s.id = due.id AND s.first_human <> (due.earliest AND NOT s."first");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_clicks_mark_repeats ON stat_clicks;
--> statement-breakpoint
CREATE TRIGGER stat_clicks_mark_repeats AFTER INSERT ON "stat_clicks"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_clicks_mark_repeats();
