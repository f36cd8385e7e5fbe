-- After an INSERT into stat_clicks: the mailing's kept counts (mailing_stat_counts, migrations
-- 0048, 0052) grow by the records inserted and by the addresses of a delivery seen for the
-- first time, all of them and those of people (class 'human', issue 51). Named to run after
-- stat_clicks_mark_repeats, whose per-key lock makes a concurrent writer of the same address
-- wait, so the address is counted once (the home's last mailings). A later change of class
-- is counted by stat_clicks_retally.
CREATE OR REPLACE FUNCTION stat_clicks_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Planned at each run (EXECUTE), not once per connection: a plan kept from the first batch
  -- into a nearly empty table (a new database; until autovacuum's next ANALYZE, up to a
  -- minute) scans every record of the table for each address of every later batch, and
  -- hits arriving by the thousand a second fell behind by tens of seconds. A new plan sees
  -- the table's real size and probes its indexes.
  EXECUTE $q$
  INSERT INTO mailing_stat_counts AS c (mailing_id, clicks, clicked, human_clicks, human_clicked)
  SELECT n.mailing_id, n.records,
         (SELECT count(*) FROM (SELECT DISTINCT i.delivery_id, i.email FROM inserted i WHERE i.mailing_id = n.mailing_id) AS k
           WHERE NOT EXISTS (SELECT 1 FROM stat_clicks s
                              WHERE s.delivery_id = k.delivery_id AND s.email = k.email
                                AND s.id NOT IN (SELECT id FROM inserted))),
         n.human,
         (SELECT count(*) FROM (SELECT DISTINCT i.delivery_id, i.email FROM inserted i
                                 WHERE i.mailing_id = n.mailing_id AND i.class = 'human') AS k
           WHERE NOT EXISTS (SELECT 1 FROM stat_clicks s
                              WHERE s.delivery_id = k.delivery_id AND s.email = k.email AND s.class = 'human'
                                AND s.id NOT IN (SELECT id FROM inserted)))
    FROM (SELECT mailing_id, count(*) AS records, count(*) FILTER (WHERE class = 'human') AS human
            FROM inserted GROUP BY 1) AS n
   WHERE EXISTS (SELECT 1 FROM mailings m WHERE m.id = n.mailing_id)
  ON CONFLICT (mailing_id) DO UPDATE SET clicks = c.clicks + EXCLUDED.clicks, clicked = c.clicked + EXCLUDED.clicked,
    human_clicks = c.human_clicks + EXCLUDED.human_clicks, human_clicked = c.human_clicked + EXCLUDED.human_clicked$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stat_clicks_tally ON stat_clicks;
--> statement-breakpoint
CREATE TRIGGER stat_clicks_tally AFTER INSERT ON stat_clicks
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stat_clicks_tally();
