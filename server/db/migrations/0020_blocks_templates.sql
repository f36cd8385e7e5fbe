-- Block editor and templates (issue 30, docs/architecture.md §16).
-- A layout made in the dashboard keeps its block document (the zip's mailboard.json), so the
-- dashboard can reopen its blocks; layouts from elsewhere have none.
ALTER TABLE layouts ADD COLUMN document text;
--> statement-breakpoint
-- Saved layouts to start mailings from: global (list_id NULL) or one list's.
CREATE TABLE templates (
  id serial PRIMARY KEY,
  name text NOT NULL,
  list_id integer REFERENCES lists(id) ON DELETE CASCADE,
  text text NOT NULL DEFAULT '',
  zip bytea,
  create_datetime timestamptz NOT NULL DEFAULT now(),
  create_user integer REFERENCES users(id) ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX templates_list ON templates (list_id, id);
