-- Bounce reports are idempotent: a provider that retries its webhook, or a DSN posted twice,
-- counts once. The key is the provider's event id, else the Message-ID (or VERP address),
-- the bounce type and the recipient; reports with neither (and SMTP-time bounces) have none.
ALTER TABLE "stat_bounces" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stat_bounces_event_key" ON "stat_bounces" USING btree ("event_key");
