CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name" ON "campaigns" USING btree ("name");--> statement-breakpoint
-- Mailings stored bare campaign ids before campaigns were resources: give each a placeholder.
INSERT INTO "campaigns" ("id", "name")
	SELECT DISTINCT "campaign", 'Campaign ' || "campaign" FROM "mailings" WHERE "campaign" IS NOT NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('campaigns', 'id'), GREATEST(COALESCE((SELECT max("id") FROM "campaigns"), 0), 0) + 1, false);--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "segments_list_name" ON "segments" USING btree ("list_id","name");--> statement-breakpoint
-- Segment counts: state and language narrow the index, and custom field conditions are
-- checked on the included values by an index-only scan instead of reading the table's pages
-- (at 1,000,000 subscribers: ~60 ms instead of ~300 ms, bench/segments.bench.ts).
CREATE INDEX "subscribers_list_state_language" ON "subscribers" USING btree ("list_id","subscription","language") INCLUDE ("custom");--> statement-breakpoint
-- "Segments that mailings use" and engagement conditions (opened/clicked/bounced mailing M).
CREATE INDEX "mailings_segments" ON "mailings" USING gin ("segments");
