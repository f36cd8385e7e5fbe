-- `first` marks the earliest record (by datetime, then id) of a delivery and email (and url
-- for clicks), which is what the statistics filter `unique=true` keeps. It is maintained on
-- insert by statement-level triggers with transition tables: a bulk insert of a million
-- records costs one set-based update of the repeats, not a million row triggers. Records
-- are never updated (migration 0002).
-- History: migration 0002, changed in 0010, 0026; since 0032 this file is the definition; first_human since
-- 0045.
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
  UPDATE "stat_clicks" s SET first_human = coalesce(s.id = fh.id, false) AND NOT s."first"
  FROM (SELECT DISTINCT delivery_id, email, url FROM inserted) AS k
  LEFT JOIN LATERAL (SELECT e.id FROM "stat_clicks" e
                      WHERE e.delivery_id = k.delivery_id AND e.email = k.email AND e.url = k.url AND e.class = 'human'
                      ORDER BY e.datetime, e.id LIMIT 1) AS fh ON true
  WHERE s.delivery_id = k.delivery_id AND s.email = k.email AND s.url = k.url
    AND (s.first_human OR s.id = fh.id)
    AND s.first_human <> (coalesce(s.id = fh.id, false) AND NOT s."first");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_clicks_mark_repeats ON stat_clicks;
--> statement-breakpoint
CREATE TRIGGER stat_clicks_mark_repeats AFTER INSERT ON "stat_clicks"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_clicks_mark_repeats();
