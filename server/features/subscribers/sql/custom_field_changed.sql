-- The server keeps the custom fields it builds a subscriber page's JSON with in memory;
-- this counter (custom_field_changes) says whether they are still current. Every
-- statement changing custom_fields bumps it in the same transaction, and a page's
-- statement reads it in the same snapshot as its rows (features/subscribers/list-fields.ts).
-- History: migration 0019; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION custom_field_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE custom_field_changes SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS custom_fields_changed ON custom_fields;
--> statement-breakpoint
CREATE TRIGGER custom_fields_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_fields"
  FOR EACH STATEMENT EXECUTE FUNCTION custom_field_changed();
