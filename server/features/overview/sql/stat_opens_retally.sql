-- After an UPDATE of stat_opens: the human counts of mailing_stat_counts (migration 0052)
-- follow records whose class turned to or from 'human' (the burst pass, a reclassification:
-- server/features/sending/links/classify/) or whose address changed (an erasure's pseudonym).
-- An address counts in human_opened while its delivery has a human record of it, before and
-- after the statement compared per address touched. Statements that change neither (the
-- `first` flags' upkeep) return at once. Takes the insert trigger's per-key bucket locks
-- (stat_opens_mark_repeats), so a hit written meanwhile is counted once.
CREATE OR REPLACE FUNCTION stat_opens_retally() RETURNS trigger LANGUAGE plpgsql
  -- Transition tables have no statistics: joined by id, a nested loop costs n² (seconds at
  -- a few thousand rows), a hash join n. JIT off: a nested loop that stays (the LATERAL
  -- VALUES below) then costs 10^10 to the planner, so PostgreSQL 15 compiled, inlined and
  -- optimised the query on every call (an erasure's 10,000 hits took 3.2 s on PostgreSQL
  -- against 0.66 s on PGlite, which has no JIT).
  SET enable_nestloop = off SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE (o.class = 'human') <> (n.class = 'human')
                     OR ((o.class = 'human' OR n.class = 'human')
                         AND (o.mailing_id, o.delivery_id, o.email) IS DISTINCT FROM (n.mailing_id, n.delivery_id, n.email))) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('stat_opens'), k.b)
    FROM (SELECT DISTINCT hashtext(t.delivery_id || ' ' || t.email) & 255 AS b
            FROM old_rows o JOIN new_rows n ON n.id = o.id,
                 LATERAL (VALUES (o.delivery_id, o.email), (n.delivery_id, n.email))
                   AS t(delivery_id, email)
           WHERE (o.class = 'human') <> (n.class = 'human')
              OR ((o.class = 'human' OR n.class = 'human')
                  AND (o.mailing_id, o.delivery_id, o.email) IS DISTINCT FROM (n.mailing_id, n.delivery_id, n.email))
           ORDER BY 1) AS k;
  WITH moved AS MATERIALIZED (
    SELECT o.id, o.mailing_id AS old_mailing, o.delivery_id AS old_delivery, o.email AS old_email,
           o.class = 'human' AS was_human,
           n.mailing_id, n.delivery_id, n.email, n.class = 'human' AS is_human
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.class = 'human') <> (n.class = 'human')
        OR ((o.class = 'human' OR n.class = 'human')
            AND (o.mailing_id, o.delivery_id, o.email) IS DISTINCT FROM (n.mailing_id, n.delivery_id, n.email)))
  INSERT INTO mailing_stat_counts AS c (mailing_id, human_opens, human_opened)
  SELECT d.mailing_id, sum(d.records), sum(d.people)
    FROM (
      SELECT old_mailing AS mailing_id, -count(*) AS records, 0 AS people
        FROM moved WHERE was_human GROUP BY 1
      UNION ALL
      SELECT mailing_id, count(*), 0 FROM moved WHERE is_human GROUP BY 1
      UNION ALL
      SELECT k.mailing_id,
             0,
             (EXISTS (SELECT 1 FROM stat_opens s
                       WHERE s.delivery_id = k.delivery_id AND s.email = k.email AND s.class = 'human'))::int
             - (EXISTS (SELECT 1 FROM stat_opens s
                         WHERE s.delivery_id = k.delivery_id AND s.email = k.email AND s.class = 'human'
                           AND s.id NOT IN (SELECT id FROM moved))
                OR EXISTS (SELECT 1 FROM moved m
                            WHERE m.old_delivery = k.delivery_id AND m.old_email = k.email AND m.was_human))::int
        FROM (SELECT old_mailing AS mailing_id, old_delivery AS delivery_id, old_email AS email
                FROM moved WHERE was_human
              UNION
              SELECT mailing_id, delivery_id, email FROM moved WHERE is_human) AS k
    ) AS d
   WHERE EXISTS (SELECT 1 FROM mailings m WHERE m.id = d.mailing_id)
   GROUP BY 1
  ON CONFLICT (mailing_id) DO UPDATE SET human_opens = c.human_opens + EXCLUDED.human_opens,
    human_opened = c.human_opened + EXCLUDED.human_opened;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_opens_retally ON stat_opens;
--> statement-breakpoint
CREATE TRIGGER stat_opens_retally AFTER UPDATE ON stat_opens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_opens_retally();
