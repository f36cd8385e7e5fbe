-- Issue 52: signed provider webhooks and the bounce mailbox.
-- A Mailgun signature's token is accepted once (a replayed request within the replay window
-- is refused); rows older than the window are deleted as new ones arrive.
CREATE TABLE "provider_webhook_tokens" (
  "provider" text NOT NULL,
  "token" text NOT NULL,
  "seen" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("provider", "token")
);
--> statement-breakpoint
CREATE INDEX "provider_webhook_tokens_seen" ON "provider_webhook_tokens" ("provider", "seen");
--> statement-breakpoint
-- One replica at a time runs a worker named here (the bounce mailbox): the holder renews its
-- lease; another takes over once it has expired.
CREATE TABLE "worker_leases" (
  "name" text PRIMARY KEY NOT NULL,
  "holder" text NOT NULL,
  "expires" timestamptz NOT NULL
);
