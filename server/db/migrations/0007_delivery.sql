ALTER TABLE "deliveries" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "exclusions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "limit" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "started_datetime" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "finished_datetime" timestamp (3) with time zone;--> statement-breakpoint
-- Deliveries whose time passed before the service could send are not sent by surprise.
UPDATE "deliveries" SET "status" = 'missed' WHERE "scheduled_datetime" < now();--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("status","scheduled_datetime");--> statement-breakpoint
CREATE TABLE "delivery_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"subscriber_id" integer,
	"email" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"smtp_response" text DEFAULT '' NOT NULL,
	"sent_datetime" timestamp (3) with time zone,
	"duplicate" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_recipients_delivery_email" ON "delivery_recipients" USING btree ("delivery_id",lower("email"));--> statement-breakpoint
CREATE INDEX "delivery_recipients_state" ON "delivery_recipients" USING btree ("delivery_id","state","id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_due" ON "delivery_recipients" USING btree ("next_attempt_datetime") WHERE "state" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "delivery_recipients_subscriber" ON "delivery_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_email" ON "delivery_recipients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "delivery_recipients_message_id" ON "delivery_recipients" USING btree ("message_id") WHERE "message_id" <> '';--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer,
	"mailing_id" integer,
	"recipient" text NOT NULL,
	"sender" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"headers" jsonb NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "service_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optin_confirmations" (
	"subscriber_id" integer PRIMARY KEY NOT NULL,
	"sent_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "optin_confirmations" ADD CONSTRAINT "optin_confirmations_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;
