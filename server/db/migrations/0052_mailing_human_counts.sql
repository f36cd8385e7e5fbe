-- Issue 56: the home's last mailings read people, not machines (issue 51), and complaints
-- (issue 52), from the mailing's kept counts instead of counting the records per request.
-- `human_opens` / `human_clicks`: records whose class is 'human'; `human_opened` /
-- `human_clicked`: a delivery's distinct addresses with at least one such record. Kept by the
-- statement triggers of server/features/overview/sql/ on insert, and on update too: the burst
-- pass and a reclassification change classes of past hits, an erasure renames their address.
ALTER TABLE mailing_stat_counts
  ADD COLUMN human_opens bigint NOT NULL DEFAULT 0,
  ADD COLUMN human_opened bigint NOT NULL DEFAULT 0,
  ADD COLUMN human_clicks bigint NOT NULL DEFAULT 0,
  ADD COLUMN human_clicked bigint NOT NULL DEFAULT 0,
  ADD COLUMN complaints bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
INSERT INTO mailing_stat_counts (mailing_id) SELECT id FROM mailings ON CONFLICT (mailing_id) DO NOTHING;
--> statement-breakpoint
UPDATE mailing_stat_counts c
   SET human_opens = (SELECT count(*) FROM stat_opens s WHERE s.mailing_id = c.mailing_id AND s.class = 'human'),
       human_opened = (SELECT count(*) FROM (SELECT DISTINCT delivery_id, email FROM stat_opens s
                                               WHERE s.mailing_id = c.mailing_id AND s.class = 'human') AS k),
       human_clicks = (SELECT count(*) FROM stat_clicks s WHERE s.mailing_id = c.mailing_id AND s.class = 'human'),
       human_clicked = (SELECT count(*) FROM (SELECT DISTINCT delivery_id, email FROM stat_clicks s
                                                WHERE s.mailing_id = c.mailing_id AND s.class = 'human') AS k),
       complaints = (SELECT count(*) FROM stat_complaints s WHERE s.mailing_id = c.mailing_id);
--> statement-breakpoint
-- The partial indexes of migration 0051 served only the per-request count: every hit paid
-- for them on insert.
DROP INDEX IF EXISTS stat_opens_mailing_human;
--> statement-breakpoint
DROP INDEX IF EXISTS stat_clicks_mailing_human;
