-- Update-mode imports and their undo (issue 53): the per-person rows an import writes are
-- tied to their subscriber, list and import by statement triggers instead of foreign keys.
-- A foreign key checks every inserted row on its own and cascades every deleted parent row
-- on its own: an update-mode batch of 10,000 rows ran 40,000 such checks (a history row and
-- an `import_updates` row per subscriber, two keys each), about a fifth of its time on
-- PostgreSQL 15, and an undo deleting 10,000 subscribers ran three cascades per subscriber.
-- What the keys guaranteed stays guaranteed:
--  * Deleting a subscriber deletes its history rows, its `import_updates` and its
--    `import_undo_conflicts` rows; deleting a list, its history rows (also the batches'
--    `created` rows, which name no subscriber); deleting an import, its `import_updates`
--    (statement triggers over the deleted rows: subscriber_history_on_delete.sql,
--    import_rows_on_delete.sql).
--  * Only the database's own triggers and the import worker write these rows, always for
--    subscribers (and imports) their statement has just written or locked, so no insert
--    can name a row that is gone; nothing else inserts here.
-- TRUNCATE fires no delete trigger: a TRUNCATE of subscribers or lists must name these too.
ALTER TABLE subscriber_history DROP CONSTRAINT subscriber_history_list_id_fkey;
--> statement-breakpoint
ALTER TABLE subscriber_history DROP CONSTRAINT subscriber_history_subscriber_id_fkey;
--> statement-breakpoint
ALTER TABLE import_updates DROP CONSTRAINT import_updates_import_id_fkey;
--> statement-breakpoint
ALTER TABLE import_updates DROP CONSTRAINT import_updates_subscriber_id_fkey;
--> statement-breakpoint
ALTER TABLE import_undo_conflicts DROP CONSTRAINT import_undo_conflicts_subscriber_id_fkey;
