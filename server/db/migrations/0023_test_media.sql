-- Images of layouts sent as a test before their mailing exists (the composer's "Send a test").
-- Content-addressed: the same image sent twice is one row; served at /media/tests/{hash}.{ext}.
-- Rows unused for 30 days are removed when another test is sent.
CREATE TABLE "test_media" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" bytea NOT NULL,
	"used_datetime" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_media_used" ON "test_media" ("used_datetime");
