-- Issue 33: subscriber pages in one statement, the outbox's count kept.
-- The server keeps the custom fields it builds a page's JSON with in memory; this counter
-- says whether they are still current. Every statement changing custom_fields bumps it in the same transaction, and a page's
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
--> statement-breakpoint
-- The outbox's size, kept by statement triggers in the same transaction as every change, so
-- the Outbox's unfiltered page reads one row instead of counting up to OUTBOX_CAP messages.
-- Each statement adds its own rows' count: one row update per statement, not per message.
CREATE TABLE "outbox_message_count" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "outbox_message_count_one_row" CHECK ("only_row")
);
--> statement-breakpoint
INSERT INTO "outbox_message_count" ("only_row", "n") SELECT true, count(*) FROM "outbox_messages";
--> statement-breakpoint
CREATE FUNCTION outbox_messages_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count SET n = n + (SELECT count(*) FROM added);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outbox_messages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count SET n = n - (SELECT count(*) FROM removed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outbox_messages_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count SET n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_insert AFTER INSERT ON "outbox_messages"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_added();
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_delete AFTER DELETE ON "outbox_messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_removed();
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_truncate AFTER TRUNCATE ON "outbox_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_emptied();
