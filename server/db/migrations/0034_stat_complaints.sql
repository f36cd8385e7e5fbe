-- Issue 52: spam complaints (ARF reports, providers' complaint events), a statistics kind
-- beside bounces. A person's complaint about one delivery counts once however often it is
-- reported (repeated reports, the same complaint through ARF and a provider): unique per
-- delivery and lower-cased address, so `first` (what `unique=true` keeps) is always true and
-- needs no trigger.
CREATE TABLE "stat_complaints" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" integer NOT NULL REFERENCES "deliveries"("id") ON DELETE cascade,
  "mailing_id" integer NOT NULL,
  "campaign" integer,
  "email" text NOT NULL,
  "datetime" timestamptz NOT NULL,
  "first" boolean DEFAULT true NOT NULL,
  "feedback_type" text NOT NULL,
  "source" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stat_complaints_delivery_email" ON "stat_complaints" ("delivery_id", lower("email"));
--> statement-breakpoint
CREATE INDEX "stat_complaints_mailing_dt" ON "stat_complaints" ("mailing_id", "datetime");
--> statement-breakpoint
CREATE INDEX "stat_complaints_campaign_dt" ON "stat_complaints" ("campaign", "datetime");
--> statement-breakpoint
CREATE INDEX "stat_complaints_dt" ON "stat_complaints" ("datetime");
