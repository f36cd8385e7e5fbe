-- After a DELETE of subscribers or imports: what an update-mode import kept of them
-- (`import_updates`, and an undo's `import_undo_conflicts`) goes with them (were ON DELETE
-- CASCADE before migration 0058, which says why). An import's conflicts still go by their
-- foreign key to imports.
CREATE OR REPLACE FUNCTION import_rows_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'imports' THEN
    DELETE FROM import_updates WHERE import_id IN (SELECT id FROM old_rows);
  ELSE
    DELETE FROM import_updates WHERE subscriber_id IN (SELECT id FROM old_rows);
    DELETE FROM import_undo_conflicts WHERE subscriber_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscribers_import_rows_delete ON subscribers;
--> statement-breakpoint
CREATE TRIGGER subscribers_import_rows_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION import_rows_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS imports_import_rows_delete ON imports;
--> statement-breakpoint
CREATE TRIGGER imports_import_rows_delete AFTER DELETE ON imports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION import_rows_on_delete();
