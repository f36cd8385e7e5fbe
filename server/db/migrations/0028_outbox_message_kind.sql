-- What each outbox message is (issue 49): a delivery's message (a mailing's, or a list's
-- opt-in confirmation), a test message, or the service's own mail to a user (invitations,
-- password resets, sign-in notices). System mail carries links that are credentials: the
-- Outbox shows it only to users:manage holders, its tokens redacted. The default is
-- 'system', so a row whose writer does not say what it is stays hidden.
ALTER TABLE "outbox_messages" ADD COLUMN "kind" text DEFAULT 'system' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind"
  CHECK ("kind" IN ('delivery', 'test', 'system'));
--> statement-breakpoint
-- Rows written before: a delivery's rows name it; a mailing without a delivery is a test.
-- Of the rows that name neither, a message with List-Unsubscribe went to a subscriber (an
-- opt-in confirmation, a list's test message, or a message whose delivery and mailing were
-- deleted since); system mail never carries it, so whatever lacks it stays 'system'.
UPDATE "outbox_messages" SET "kind" = CASE
    WHEN "delivery_id" IS NOT NULL THEN 'delivery'
    WHEN "mailing_id" IS NOT NULL THEN 'test'
    WHEN NOT "headers" ? 'List-Unsubscribe' THEN 'system'
    WHEN "subject" IN ('You are invited to Mailboard', 'Reset your Mailboard password') THEN 'system'
    WHEN "subject" LIKE 'Please confirm your subscription to %' THEN 'delivery'
    ELSE 'test'
  END;
--> statement-breakpoint
-- The count kept by triggers (migration 0019) also keeps how many of the rows are system
-- mail, so the Outbox of a user who may not see them counts without scanning.
ALTER TABLE "outbox_message_count" ADD COLUMN "system_n" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "outbox_message_count"
   SET "n" = (SELECT count(*) FROM "outbox_messages"),
       "system_n" = (SELECT count(*) FROM "outbox_messages" WHERE "kind" = 'system');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outbox_messages_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count c
     SET n = c.n + a.n, system_n = c.system_n + a.system_n
    FROM (SELECT count(*) AS n, count(*) FILTER (WHERE kind = 'system') AS system_n
            FROM added) a;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outbox_messages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count c
     SET n = c.n - r.n, system_n = c.system_n - r.system_n
    FROM (SELECT count(*) AS n, count(*) FILTER (WHERE kind = 'system') AS system_n
            FROM removed) r;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row's kind never changes in the code; should someone change it by hand, the count follows.
CREATE FUNCTION outbox_messages_rekinded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count
     SET system_n = system_n
       + (SELECT count(*) FROM added WHERE kind = 'system')
       - (SELECT count(*) FROM removed WHERE kind = 'system');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_update AFTER UPDATE ON "outbox_messages"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_rekinded();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outbox_messages_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count SET n = 0, system_n = 0;
  RETURN NULL;
END $$;
