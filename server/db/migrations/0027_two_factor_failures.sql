-- Issue 49: wrong second-factor codes (and wrong passwords when turning two-factor off) are
-- counted per user here, so every challenge and every replica sees one count. Five in a row
-- are free; each one after that must wait a doubling delay (`locked_until`). `notified` is
-- when the user was last told by mail, so a long attack sends at most one notice an hour.
CREATE TABLE "two_factor_failures" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"failures" integer NOT NULL DEFAULT 0,
	"last_failure" timestamp (3) with time zone,
	"locked_until" timestamp (3) with time zone,
	"notified" timestamp (3) with time zone
);
