-- The outbox's size: a TRUNCATE empties it (outbox_messages_added.sql).
-- History: migration 0019, changed in 0028; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION outbox_messages_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count SET n = 0, system_n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_messages_count_truncate ON outbox_messages;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_truncate AFTER TRUNCATE ON "outbox_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_emptied();
