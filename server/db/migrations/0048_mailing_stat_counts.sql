-- Issue 56: opens, clicks and bounces per mailing, kept by statement triggers on the statistics
-- tables (server/features/overview/sql/stat_*_tally.sql), so the home's last mailings read five
-- rows instead of counting millions of records. `opened` and `clicked` count people (a
-- delivery's distinct addresses), as the statistics' unique filter does.
CREATE TABLE mailing_stat_counts (
  mailing_id integer PRIMARY KEY REFERENCES mailings (id) ON DELETE CASCADE,
  opens bigint NOT NULL DEFAULT 0,
  opened bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  clicked bigint NOT NULL DEFAULT 0,
  bounces bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO mailing_stat_counts (mailing_id, opens, opened, clicks, clicked, bounces)
SELECT m.id,
       (SELECT count(*) FROM stat_opens s WHERE s.mailing_id = m.id),
       (SELECT count(*) FROM (SELECT DISTINCT delivery_id, email FROM stat_opens s WHERE s.mailing_id = m.id) AS k),
       (SELECT count(*) FROM stat_clicks s WHERE s.mailing_id = m.id),
       (SELECT count(*) FROM (SELECT DISTINCT delivery_id, email FROM stat_clicks s WHERE s.mailing_id = m.id) AS k),
       (SELECT count(*) FROM stat_bounces s WHERE s.mailing_id = m.id)
  FROM mailings m;
