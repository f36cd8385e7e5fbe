-- Subscriber pages at a million rows (issue 14).
-- A change counter per list: every statement that inserts, updates or deletes a list's
-- subscribers bumps it, in the same transaction. A page position remembered by the server
-- (keyset links, sampled page anchors) is trusted only while the counter is unchanged.
-- The counter takes its values from one sequence, so a value is never seen twice, not even
-- by a list recreated under the same id.
ALTER TABLE "list_subscriber_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE SEQUENCE "subscriber_change_versions";
--> statement-breakpoint
CREATE FUNCTION subscriber_counts_bump(changed_list_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE list_subscriber_counts SET version = nextval('subscriber_change_versions')
   WHERE list_id = ANY (changed_list_ids);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscriber_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM new_rows GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_bump(ARRAY(SELECT DISTINCT list_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscriber_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(-1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM old_rows GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_bump(ARRAY(SELECT DISTINCT list_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscriber_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(-1, list_id, subscription, n)
    FROM (SELECT o.list_id, o.subscription, count(*) AS n
            FROM old_rows o JOIN new_rows nw USING (id)
           WHERE o.subscription <> nw.subscription OR o.list_id <> nw.list_id
           GROUP BY 1, 2) AS d;
  PERFORM subscriber_counts_add(1, list_id, subscription, n)
    FROM (SELECT nw.list_id, nw.subscription, count(*) AS n
            FROM old_rows o JOIN new_rows nw USING (id)
           WHERE o.subscription <> nw.subscription OR o.list_id <> nw.list_id
           GROUP BY 1, 2) AS d;
  -- Any column may be what a filter or an ordering looks at.
  PERFORM subscriber_counts_bump(
    ARRAY(SELECT list_id FROM old_rows UNION SELECT list_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Index-only scans for the ids of a page (deferred join): the state is in the index, so the
-- default "not deleted" filter needs no heap access.
CREATE INDEX "subscribers_list_id_state" ON "subscribers" USING btree ("list_id","id","subscription");
--> statement-breakpoint
DROP INDEX "subscribers_list_id";
--> statement-breakpoint
ALTER INDEX "subscribers_list_id_state" RENAME TO "subscribers_list_id";
--> statement-breakpoint
-- The same for email order. INCLUDE keeps uniqueness on (list, lower(email)); `email` is
-- included because the planner only scans an expression index alone when the expression's
-- columns are in it.
CREATE UNIQUE INDEX "subscribers_list_email_lower_covering" ON "subscribers" USING btree ("list_id",lower("email")) INCLUDE ("email","subscription","id");
--> statement-breakpoint
DROP INDEX "subscribers_list_email_lower";
--> statement-breakpoint
ALTER INDEX "subscribers_list_email_lower_covering" RENAME TO "subscribers_list_email_lower";
--> statement-breakpoint
-- A state filter in email order: the state's rows in email order, found from the index alone.
CREATE INDEX "subscribers_list_state_email" ON "subscribers" USING btree ("list_id","subscription",lower("email")) INCLUDE ("email","id");
