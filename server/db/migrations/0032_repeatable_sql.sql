-- Issue 54: each trigger and database function is defined by one file beside the feature
-- that reacts with it (server/features/**/sql/*.sql). The runner (server/db/migrate.ts)
-- applies such a file after the numbered migrations whenever its content changes, as
-- Flyway's repeatable migrations; this table remembers the checksum it last applied.
CREATE TABLE "repeatable_sql" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
