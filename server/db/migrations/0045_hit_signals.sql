-- Issue 51: what each open and click tells, and whether a person or a machine made it.
-- User agents are kept once each in a dictionary; a hit names one by id. The client address
-- is kept as its block (/24 IPv4, /48 IPv6), not the address. `seconds`: since the message
-- was sent (null when unknown). `head`: a HEAD request. `class` and `reasons` (a bitmask,
-- bits in server/features/sending/links/classify/reasons.ts) say who made it and why.
-- Hits recorded before this migration carry no signals: they stay `human` with the reason
-- `legacy` (bit 0), which every existing row gets from the column default below, without a
-- rewrite of the tables (docs/decisions/human-machine.md).
CREATE TABLE "tracking_user_agents" (
  "id" serial PRIMARY KEY,
  "agent" text NOT NULL UNIQUE
);--> statement-breakpoint
ALTER TABLE "stat_opens" ADD COLUMN "class" text NOT NULL DEFAULT 'human',
  ADD COLUMN "reasons" integer NOT NULL DEFAULT 1,
  ADD COLUMN "seconds" integer,
  ADD COLUMN "head" boolean NOT NULL DEFAULT false,
  ADD COLUMN "agent_id" integer,
  ADD COLUMN "client_block" cidr,
  ADD COLUMN "first_human" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "stat_clicks" ADD COLUMN "class" text NOT NULL DEFAULT 'human',
  ADD COLUMN "reasons" integer NOT NULL DEFAULT 1,
  ADD COLUMN "seconds" integer,
  ADD COLUMN "head" boolean NOT NULL DEFAULT false,
  ADD COLUMN "agent_id" integer,
  ADD COLUMN "client_block" cidr,
  ADD COLUMN "first_human" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- From now on a new hit names its reasons itself (the hit recorder writes them).
ALTER TABLE "stat_opens" ALTER COLUMN "reasons" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stat_clicks" ALTER COLUMN "reasons" SET DEFAULT 0;--> statement-breakpoint
-- `first_human` marks the earliest human record of a key when a machine's came before it
-- (so it is not `first`): the earliest human record is `class = 'human' AND (first OR
-- first_human)`. Rows of before are all human, so none needs it.
CREATE INDEX "stat_opens_first_human" ON "stat_opens" ("delivery_id", "email") WHERE "first_human";--> statement-breakpoint
CREATE INDEX "stat_clicks_first_human" ON "stat_clicks" ("delivery_id", "email", "url") WHERE "first_human";--> statement-breakpoint
-- The burst pass looks at a recent window of clicks.
CREATE INDEX "stat_clicks_delivery_client" ON "stat_clicks" ("delivery_id", "email", "client_block", "datetime") WHERE "client_block" IS NOT NULL;
