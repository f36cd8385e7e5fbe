-- Subscriber pages in one statement (issue 33). The server keeps the custom fields it
-- builds a page's JSON with in memory; this counter says whether they are still current.
-- Every statement changing custom_fields bumps it in the same transaction, and a page's
-- statement reads it in the same snapshot as its rows, so a page built with fields other
-- than the snapshot's is recognised (and built again) by every replica, with no expiry.
CREATE TABLE "custom_field_changes" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_field_changes_one_row" CHECK ("only_row")
);
--> statement-breakpoint
INSERT INTO "custom_field_changes" ("only_row", "version") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION custom_field_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE custom_field_changes SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER custom_fields_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_fields"
  FOR EACH STATEMENT EXECUTE FUNCTION custom_field_changed();
