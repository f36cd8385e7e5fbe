CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_subscriber_counts" (
	"list_id" integer PRIMARY KEY NOT NULL,
	"active" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"bounced" bigint DEFAULT 0 NOT NULL,
	"unsubscribed" bigint DEFAULT 0 NOT NULL,
	"deleted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"name" text NOT NULL,
	"default_from_name" text NOT NULL,
	"default_from_email" text NOT NULL,
	"default_replyto_email" text DEFAULT '' NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"languages" text[] NOT NULL,
	"double_opt_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"subscription" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"language" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"max_length" integer,
	"choices" jsonb,
	"help_text" text DEFAULT '' NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"scheduled_datetime" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layout_files" (
	"layout_id" integer NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "layout_files_layout_id_path_pk" PRIMARY KEY("layout_id","path")
);
--> statement-breakpoint
CREATE TABLE "layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "layouts_variant_id_unique" UNIQUE("variant_id")
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"name" text NOT NULL,
	"campaign" integer,
	"segments" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailing_id" integer NOT NULL,
	"position" integer NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"replyto_email" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"mailing_id" integer NOT NULL,
	"campaign" integer,
	"email" text NOT NULL,
	"datetime" timestamp (3) with time zone NOT NULL,
	"hard" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"mailing_id" integer NOT NULL,
	"campaign" integer,
	"email" text NOT NULL,
	"datetime" timestamp (3) with time zone NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_opens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"mailing_id" integer NOT NULL,
	"campaign" integer,
	"email" text NOT NULL,
	"datetime" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_chunks" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"create_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"create_user" integer,
	"update_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_user" integer,
	"file" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"has_header" boolean NOT NULL,
	"ignore_invalid_fields" boolean NOT NULL,
	"date_format" text NOT NULL,
	"fields" text[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped_existing" integer DEFAULT 0 NOT NULL,
	"skipped_duplicate" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "list_subscriber_counts" ADD CONSTRAINT "list_subscriber_counts_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_files" ADD CONSTRAINT "layout_files_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_bounces" ADD CONSTRAINT "stat_bounces_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_clicks" ADD CONSTRAINT "stat_clicks_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_opens" ADD CONSTRAINT "stat_opens_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_create_user_users_id_fk" FOREIGN KEY ("create_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_update_user_users_id_fk" FOREIGN KEY ("update_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_list_email_lower" ON "subscribers" USING btree ("list_id",lower("email"));--> statement-breakpoint
CREATE INDEX "subscribers_list_id" ON "subscribers" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "subscribers_list_state_id" ON "subscribers" USING btree ("list_id","subscription","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_shared_name" ON "custom_fields" USING btree ("name") WHERE "custom_fields"."list_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_list_name" ON "custom_fields" USING btree ("list_id","name") WHERE "custom_fields"."list_id" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_variant" ON "deliveries" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_name" ON "mailings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "mailings_list_id" ON "mailings" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "mailings_campaign" ON "mailings" USING btree ("campaign");--> statement-breakpoint
CREATE INDEX "variants_mailing" ON "variants" USING btree ("mailing_id","position");--> statement-breakpoint
CREATE INDEX "stat_bounces_mailing_dt" ON "stat_bounces" USING btree ("mailing_id","datetime");--> statement-breakpoint
CREATE INDEX "stat_bounces_campaign_dt" ON "stat_bounces" USING btree ("campaign","datetime");--> statement-breakpoint
CREATE INDEX "stat_bounces_dt" ON "stat_bounces" USING btree ("datetime");--> statement-breakpoint
CREATE INDEX "stat_bounces_delivery_email" ON "stat_bounces" USING btree ("delivery_id","email","datetime");--> statement-breakpoint
CREATE INDEX "stat_clicks_mailing_dt" ON "stat_clicks" USING btree ("mailing_id","datetime");--> statement-breakpoint
CREATE INDEX "stat_clicks_campaign_dt" ON "stat_clicks" USING btree ("campaign","datetime");--> statement-breakpoint
CREATE INDEX "stat_clicks_dt" ON "stat_clicks" USING btree ("datetime");--> statement-breakpoint
CREATE INDEX "stat_clicks_delivery_email_url" ON "stat_clicks" USING btree ("delivery_id","email","url","datetime");--> statement-breakpoint
CREATE INDEX "stat_clicks_url" ON "stat_clicks" USING btree ("url");--> statement-breakpoint
CREATE INDEX "stat_opens_mailing_dt" ON "stat_opens" USING btree ("mailing_id","datetime");--> statement-breakpoint
CREATE INDEX "stat_opens_campaign_dt" ON "stat_opens" USING btree ("campaign","datetime");--> statement-breakpoint
CREATE INDEX "stat_opens_dt" ON "stat_opens" USING btree ("datetime");--> statement-breakpoint
CREATE INDEX "stat_opens_delivery_email" ON "stat_opens" USING btree ("delivery_id","email","datetime");--> statement-breakpoint
CREATE INDEX "imports_list" ON "imports" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "imports_status" ON "imports" USING btree ("status");