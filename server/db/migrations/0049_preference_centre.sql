-- The preference centre (issue 50, item 5): a subscriber may pause their mail until a date
-- (deliveries and automation sends skip them until then; it ends by itself), and a link to
-- the centre is mailed on request at most once per address per hour.
ALTER TABLE subscribers ADD COLUMN paused_until timestamptz;
--> statement-breakpoint
-- The paused filter of a list's subscribers: few rows, so a partial index.
CREATE INDEX subscribers_paused ON subscribers (list_id, id) WHERE paused_until IS NOT NULL;
--> statement-breakpoint
-- One row per address that asked for a link in the last hour (sha256 of the lower-cased
-- address, so no address that is not a subscriber's is kept); older rows are removed by the
-- next request.
CREATE TABLE preference_link_requests (
  address_hash text PRIMARY KEY,
  sent_datetime timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX preference_link_requests_sent ON preference_link_requests (sent_datetime);
