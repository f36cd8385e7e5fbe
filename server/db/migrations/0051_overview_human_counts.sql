-- The home's last mailings count people, not machines (issues 51, 56): the human unique
-- records of a mailing are read from these partial indexes (index-only), so a class a later
-- pass changes (the burst rule, a reclassification) is counted as it is now.
CREATE INDEX stat_opens_mailing_human ON stat_opens (mailing_id)
  WHERE class = 'human' AND (first OR first_human);
--> statement-breakpoint
CREATE INDEX stat_clicks_mailing_human ON stat_clicks (mailing_id, delivery_id, email)
  WHERE class = 'human' AND (first OR first_human);
