-- A row's kind never changes in the code; should someone change it by hand, the count follows.
-- History: migration 0028; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION outbox_messages_rekinded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count
     SET system_n = system_n
       + (SELECT count(*) FROM added WHERE kind = 'system')
       - (SELECT count(*) FROM removed WHERE kind = 'system');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_messages_count_update ON outbox_messages;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_update AFTER UPDATE ON "outbox_messages"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_rekinded();
