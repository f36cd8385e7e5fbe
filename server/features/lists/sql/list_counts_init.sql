-- Per-list, per-state subscriber counts, maintained in the same transaction as each change so
-- that `count` of a filtered collection and `subscriber_counts` never scan a large list.
-- Statement-level triggers with transition tables: a 10,000-row import batch costs one
-- aggregate update, not 10,000.
-- History: migration 0001; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION list_counts_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_subscriber_counts (list_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lists_counts_init ON lists;
--> statement-breakpoint
CREATE TRIGGER lists_counts_init AFTER INSERT ON lists FOR EACH ROW EXECUTE FUNCTION list_counts_init();
