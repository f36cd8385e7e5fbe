-- Issue 29, parts 3, 4, 6, 7: invitation and reset tokens, two-factor sign-in, session
-- devices, and the append-only audit log. A user invited but not yet signed up has an empty
-- password_hash, which no password verifies.
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('invitation', 'reset', 'challenge')),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"create_datetime" timestamp (3) with time zone NOT NULL,
	"expire_datetime" timestamp (3) with time zone NOT NULL,
	"sent_datetime" timestamp (3) with time zone,
	"used_datetime" timestamp (3) with time zone,
	"attempts" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_hash" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user" ON "user_tokens" USING btree ("user_id", "kind");--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"confirm_datetime" timestamp (3) with time zone,
	"last_counter" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_datetime" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "two_factor_required_roles" (
	"role" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text NOT NULL DEFAULT '';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	"username" text,
	"token_id" integer,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"address" text NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_time" ON "audit_log" USING btree ("time" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_user_time" ON "audit_log" USING btree ("user_id", "time" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_resource_time" ON "audit_log" USING btree ("resource_type", "time" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_time" ON "audit_log" USING btree ("action", "time" DESC, "id" DESC);--> statement-breakpoint
-- Append-only: rows are never changed or removed through SQL (TRUNCATE stays possible for
-- an operator's deliberate purge and for tests).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
