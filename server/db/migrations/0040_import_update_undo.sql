-- Imports that update existing subscribers and imports that can be undone (issue 53 items 3–4).
-- `on_existing`: what a row whose address the list already has does (skip: the seed's
-- behaviour; update: writes its mapped columns, never the subscription state).
ALTER TABLE imports ADD COLUMN on_existing text NOT NULL DEFAULT 'skip';
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN updated integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The undo of an import: a job of its own (claimed and leased like the import's), walking
-- first the subscribers the import updated (`import_updates`), then those it created (the
-- `created` history rows of its batches), `undo_cursor` being the last subscriber id done.
ALTER TABLE imports ADD COLUMN undo_status text;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_remove_mailed boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_user integer REFERENCES users (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_requested_at timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_finished_at timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_locked_at timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_phase text NOT NULL DEFAULT 'updated';
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_cursor integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_deleted integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_restored integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_kept_mailed integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE imports ADD COLUMN undo_conflicts integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX imports_undo_status ON imports (undo_status) WHERE undo_status IS NOT NULL;
--> statement-breakpoint
-- What an update-mode import overwrote: each updated subscriber's values before it, and the
-- update_datetime the import wrote (a later write changes it: the undo then leaves the row).
-- Gone with the subscriber (an erasure leaves nothing of the person here).
CREATE TABLE import_updates (
  import_id integer NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  subscriber_id integer NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  written_at timestamp (3) with time zone NOT NULL,
  before jsonb NOT NULL,
  PRIMARY KEY (import_id, subscriber_id)
);
--> statement-breakpoint
CREATE INDEX import_updates_subscriber ON import_updates (subscriber_id);
--> statement-breakpoint
-- Rows an undo left because they changed since the import; the address is read from the
-- subscriber itself, so nothing of the person is copied here.
CREATE TABLE import_undo_conflicts (
  import_id integer NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  subscriber_id integer NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  PRIMARY KEY (import_id, subscriber_id)
);
--> statement-breakpoint
CREATE INDEX import_undo_conflicts_subscriber ON import_undo_conflicts (subscriber_id);
