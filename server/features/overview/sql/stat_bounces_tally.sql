-- After an INSERT into stat_bounces: the mailing's kept counts (mailing_stat_counts, migration
-- 0048) grow by the records inserted (the home's last mailings).
CREATE OR REPLACE FUNCTION stat_bounces_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mailing_stat_counts AS c (mailing_id, bounces)
  SELECT n.mailing_id, n.records
    FROM (SELECT mailing_id, count(*) AS records FROM inserted GROUP BY 1) AS n
   WHERE EXISTS (SELECT 1 FROM mailings m WHERE m.id = n.mailing_id)
  ON CONFLICT (mailing_id) DO UPDATE SET bounces = c.bounces + EXCLUDED.bounces;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_bounces_tally ON stat_bounces;
--> statement-breakpoint
CREATE TRIGGER stat_bounces_tally AFTER INSERT ON stat_bounces
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_bounces_tally();
