-- Sending you can trust (issue 28): server faults pause a delivery with the relay's answer,
-- results are committed per message under a renewable lease, the audience is read in chunks
-- and re-checked at each recipient's turn, progress is a maintained counter, and SMTP_RATE is
-- one bucket shared by every replica.
ALTER TABLE "deliveries" ADD COLUMN "pause_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The audience is written in chunks (subscriber id order) while `populating`; `audience_after`
-- is the last subscriber id written so far.
ALTER TABLE "deliveries" ADD COLUMN "populating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "audience_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The claim a worker holds (renewed while it sends); a result is written only under it.
ALTER TABLE "delivery_recipients" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
CREATE TABLE "delivery_counts" (
	"delivery_id" integer NOT NULL REFERENCES "deliveries"("id") ON DELETE cascade,
	"state" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("delivery_id", "state")
);
--> statement-breakpoint
-- `sending` counts as `queued` (what the API shows), so claiming a row writes no counter.
INSERT INTO "delivery_counts" ("delivery_id", "state", "n")
SELECT "delivery_id", CASE WHEN "state" = 'sending' THEN 'queued' ELSE "state" END, count(*)
  FROM "delivery_recipients" GROUP BY 1, 2;--> statement-breakpoint
-- Statement-level with transition tables: one counter write per (delivery, state) a statement
-- touches, whoever writes the rows (the engine, demo data, a restore). Rows in key order, so
-- two statements cannot wait for each other in a circle.
CREATE FUNCTION "delivery_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO delivery_counts AS c (delivery_id, state, n)
    SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END, count(*)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (delivery_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO delivery_counts AS c (delivery_id, state, n)
    SELECT delivery_id, st, sum(d) FROM (
      SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END AS st, 1 AS d
        FROM new_rows
      UNION ALL
      SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END, -1
        FROM old_rows) x
     GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (delivery_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Only existing counters: a delivery's deletion removes its counters by cascade anyway.
    UPDATE delivery_counts c SET n = c.n - x.n
      FROM (SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END AS st,
                   count(*) AS n
              FROM old_rows GROUP BY 1, 2) x
     WHERE c.delivery_id = x.delivery_id AND c.state = x.st;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_counts_insert" AFTER INSERT ON "delivery_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "delivery_counts_update" AFTER UPDATE ON "delivery_recipients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "delivery_counts_delete" AFTER DELETE ON "delivery_recipients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();--> statement-breakpoint
-- SMTP_RATE for the whole deployment: one token bucket per relay (keyed by a hash of its URL),
-- from which every replica takes a few tokens at a time.
CREATE TABLE "send_rate" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Opt-in confirmations are a queue with retries (and a fixed Message-ID), like recipients.
ALTER TABLE "optin_confirmations" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD COLUMN "next_attempt_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD COLUMN "locked_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD COLUMN "last_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD COLUMN "message_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "optin_confirmations_due" ON "optin_confirmations" ("next_attempt_datetime") WHERE "state" IN ('queued', 'sending');
