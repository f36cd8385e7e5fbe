-- A deleted list leaves the forms that offered it (issue 50); a form left with none accepts
-- nothing until it is given a list again.
CREATE OR REPLACE FUNCTION forms_forget_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE forms SET lists = array_remove(lists, OLD.id) WHERE lists @> ARRAY[OLD.id];
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lists_forms ON lists;
--> statement-breakpoint
CREATE TRIGGER lists_forms AFTER DELETE ON lists FOR EACH ROW EXECUTE FUNCTION forms_forget_list();
