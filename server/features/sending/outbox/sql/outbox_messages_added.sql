-- The outbox's size (outbox_message_count, migration 0019), kept by statement triggers in
-- the same transaction as every change, so the Outbox's unfiltered page reads one row
-- instead of counting; `system_n` counts system mail apart (migration 0028).
-- History: migration 0019, changed in 0028; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION outbox_messages_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox_message_count c
     SET n = c.n + a.n, system_n = c.system_n + a.system_n
    FROM (SELECT count(*) AS n, count(*) FILTER (WHERE kind = 'system') AS system_n
            FROM added) a;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_messages_count_insert ON outbox_messages;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_count_insert AFTER INSERT ON "outbox_messages"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outbox_messages_added();
