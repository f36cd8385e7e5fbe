-- Roles, per-list access and API tokens (issue 29, docs/architecture.md §15).
-- Built-in roles (admin, marketer, support, analyst) live in contract/permissions.ts, not here:
-- this table holds the custom ones. Existing users become admins.
CREATE TABLE "roles" (
  "name" text PRIMARY KEY,
  "permissions" text[] NOT NULL,
  "create_datetime" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text NOT NULL DEFAULT 'admin';
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- false: only the lists of user_lists exist for the user.
ALTER TABLE "users" ADD COLUMN "all_lists" boolean NOT NULL DEFAULT true;
--> statement-breakpoint
CREATE TABLE "user_lists" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "list_id" integer NOT NULL REFERENCES "lists"("id") ON DELETE CASCADE,
  "access" text NOT NULL CHECK ("access" IN ('read', 'manage')),
  PRIMARY KEY ("user_id", "list_id")
);
--> statement-breakpoint
CREATE INDEX "user_lists_list" ON "user_lists" ("list_id");
--> statement-breakpoint
-- Only the token's SHA-256 is kept: the token is 256 random bits, so no slow hash is needed.
CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "create_datetime" timestamptz NOT NULL DEFAULT now(),
  "expire_datetime" timestamptz,
  "last_used_datetime" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash" ON "api_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_tokens_user" ON "api_tokens" ("user_id");
