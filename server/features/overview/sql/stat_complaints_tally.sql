-- After an INSERT into stat_complaints: the mailing's kept complaint count (mailing_stat_counts,
-- migration 0052) grows by the complaints inserted (the home's last mailings). A complaint is
-- unique per delivery and address (migration 0034), so records are people.
CREATE OR REPLACE FUNCTION stat_complaints_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mailing_stat_counts AS c (mailing_id, complaints)
  SELECT n.mailing_id, n.records
    FROM (SELECT mailing_id, count(*) AS records FROM inserted GROUP BY 1) AS n
   WHERE EXISTS (SELECT 1 FROM mailings m WHERE m.id = n.mailing_id)
  ON CONFLICT (mailing_id) DO UPDATE SET complaints = c.complaints + EXCLUDED.complaints;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_complaints_tally ON stat_complaints;
--> statement-breakpoint
CREATE TRIGGER stat_complaints_tally AFTER INSERT ON stat_complaints
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_complaints_tally();
