-- Statement-level with transition tables: one counter write per (delivery, state) a statement
-- touches, whoever writes the rows (the engine, demo data, a restore). Rows in key order, so
-- two statements cannot wait for each other in a circle.
-- History: migration 0013; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION "delivery_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO delivery_counts AS c (delivery_id, state, n)
    SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END, count(*)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (delivery_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO delivery_counts AS c (delivery_id, state, n)
    SELECT delivery_id, st, sum(d) FROM (
      SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END AS st, 1 AS d
        FROM new_rows
      UNION ALL
      SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END, -1
        FROM old_rows) x
     GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (delivery_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Only existing counters: a delivery's deletion removes its counters by cascade anyway.
    UPDATE delivery_counts c SET n = c.n - x.n
      FROM (SELECT delivery_id, CASE WHEN state = 'sending' THEN 'queued' ELSE state END AS st,
                   count(*) AS n
              FROM old_rows GROUP BY 1, 2) x
     WHERE c.delivery_id = x.delivery_id AND c.state = x.st;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS delivery_counts_insert ON delivery_recipients;
--> statement-breakpoint
CREATE TRIGGER "delivery_counts_insert" AFTER INSERT ON "delivery_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS delivery_counts_update ON delivery_recipients;
--> statement-breakpoint
CREATE TRIGGER "delivery_counts_update" AFTER UPDATE ON "delivery_recipients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS delivery_counts_delete ON delivery_recipients;
--> statement-breakpoint
CREATE TRIGGER "delivery_counts_delete" AFTER DELETE ON "delivery_recipients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_counts_apply"();
