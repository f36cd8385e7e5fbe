-- The outbox's size: a DELETE takes its rows off (outbox_messages_added.sql).
-- History: migration 0019, changed in 0028; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION outbox_messages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count c
     SET n = c.n - r.n, system_n = c.system_n - r.system_n
    FROM (SELECT count(*) AS n, count(*) FILTER (WHERE kind = 'system') AS system_n
            FROM removed) r;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_messages_count_delete ON outbox_messages;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_delete AFTER DELETE ON "outbox_messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_removed();
