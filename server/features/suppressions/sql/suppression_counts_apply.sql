-- One counter write per statement that adds or removes suppressions, whoever writes them
-- (the API, an import, a complaint, an erasure). Migration 0036.
CREATE OR REPLACE FUNCTION "suppression_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE suppression_counts SET n = n + (SELECT count(*) FROM new_rows), version = version + 1;
  ELSE
    UPDATE suppression_counts SET n = n - (SELECT count(*) FROM old_rows), version = version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS suppression_counts_insert ON suppressions;
--> statement-breakpoint
CREATE TRIGGER "suppression_counts_insert" AFTER INSERT ON "suppressions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppression_counts_apply"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS suppression_counts_delete ON suppressions;
--> statement-breakpoint
CREATE TRIGGER "suppression_counts_delete" AFTER DELETE ON "suppressions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppression_counts_apply"();
