-- Subscriber pages by number at any depth of a million-row list (issue 14). ("Page blocks",
-- not to be confused with the segments of issue 15: named filters.)
-- A list's rows, in id order and in email order, are cut into blocks of a few thousand
-- rows. A block is named by its last row's key and holds how many of its rows are in each
-- state. Summing the counts of the blocks before a page says where the page begins, so a
-- page reached by its number scans at most one block, never the rows before it.
-- Statement-level triggers keep the counts exact in the same transaction as every change
-- (as list_subscriber_counts), so they hold under concurrent writes and for every replica.
-- Rows after a list's last block (the tail) are counted by list_subscriber_counts minus
-- the blocks. The server cuts blocks (features/subscribers/page-blocks.ts) holding the
-- list's list_subscriber_counts row locked, which every change of the list's subscribers
-- also locks (its counts trigger does; these triggers lock it again to not depend on that).
CREATE TABLE "subscriber_page_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"id_key" integer,
	"email_key" text,
	"active" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscriber_page_blocks_one_key" CHECK (("id_key" IS NULL) <> ("email_key" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "subscriber_page_blocks" ADD CONSTRAINT "subscriber_page_blocks_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_page_blocks_id_key" ON "subscriber_page_blocks" USING btree ("list_id","id_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_page_blocks_email_key" ON "subscriber_page_blocks" USING btree ("list_id","email_key");
--> statement-breakpoint
-- Adds `sign` to the counts of the blocks holding the given rows (`email_keys` are
-- lower(email), the unique index's expression, so they compare as the index orders them).
-- A row after a list's last block is in the tail, which needs no update.
CREATE FUNCTION subscriber_blocks_add(sign integer, list_ids integer[], ids integer[], email_keys text[], states text[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT * FROM unnest(list_ids, ids, email_keys, states) AS c(list_id, id, email_key, state)
  ), hits AS (
    SELECT s.id AS block, c.state FROM changed c
      CROSS JOIN LATERAL (SELECT id FROM subscriber_page_blocks
                           WHERE list_id = c.list_id AND id_key >= c.id
                           ORDER BY id_key LIMIT 1) AS s
    UNION ALL
    SELECT s.id, c.state FROM changed c
      CROSS JOIN LATERAL (SELECT id FROM subscriber_page_blocks
                           WHERE list_id = c.list_id AND email_key >= c.email_key
                           ORDER BY email_key LIMIT 1) AS s
  )
  UPDATE subscriber_page_blocks AS s SET
    active = s.active + sign * d.active,
    pending = s.pending + sign * d.pending,
    bounced = s.bounced + sign * d.bounced,
    unsubscribed = s.unsubscribed + sign * d.unsubscribed,
    deleted = s.deleted + sign * d.deleted
  FROM (SELECT block,
               count(*) FILTER (WHERE state = 'active')::int AS active,
               count(*) FILTER (WHERE state = 'pending')::int AS pending,
               count(*) FILTER (WHERE state = 'bounced')::int AS bounced,
               count(*) FILTER (WHERE state = 'unsubscribed')::int AS unsubscribed,
               count(*) FILTER (WHERE state = 'deleted')::int AS deleted
          FROM hits GROUP BY block) AS d
  WHERE s.id = d.block;
$$;
--> statement-breakpoint
-- Locks the counts rows of `list_ids` (as a cut does), then returns those of them that have
-- blocks, read after the lock so no cut is half seen. A statement changing more than 100
-- rows (an import batch, a bulk update) drops their blocks instead of finding each row's:
-- they are cut again afterwards, and until then pages are found without them.
CREATE FUNCTION subscriber_blocks_lists(list_ids integer[], changed bigint) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[];
BEGIN
  PERFORM 1 FROM list_subscriber_counts WHERE list_id = ANY (list_ids) ORDER BY list_id FOR UPDATE;
  blocked := ARRAY(SELECT DISTINCT list_id FROM subscriber_page_blocks WHERE list_id = ANY (list_ids));
  IF cardinality(blocked) > 0 AND changed > 100 THEN
    DELETE FROM subscriber_page_blocks WHERE list_id = ANY (blocked);
    RETURN '{}';
  END IF;
  RETURN blocked;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscriber_blocks_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT DISTINCT list_id FROM new_rows), (SELECT count(*) FROM new_rows));
BEGIN
  IF cardinality(blocked) > 0 THEN
    PERFORM subscriber_blocks_add(1, array_agg(list_id), array_agg(id), array_agg(lower(email)), array_agg(subscription))
       FROM new_rows WHERE list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscriber_blocks_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT DISTINCT list_id FROM old_rows), (SELECT count(*) FROM old_rows));
BEGIN
  IF cardinality(blocked) > 0 THEN
    PERFORM subscriber_blocks_add(-1, array_agg(list_id), array_agg(id), array_agg(lower(email)), array_agg(subscription))
       FROM old_rows WHERE list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose state, lower(email) or list changed move between blocks' counts.
CREATE FUNCTION subscriber_blocks_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocked integer[] := subscriber_blocks_lists(
    ARRAY(SELECT list_id FROM old_rows UNION SELECT list_id FROM new_rows), 0);
  moved bigint;
BEGIN
  IF cardinality(blocked) = 0 THEN RETURN NULL; END IF;
  SELECT count(*) INTO moved FROM old_rows o JOIN new_rows nw USING (id)
   WHERE o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id;
  IF moved > 100 THEN
    DELETE FROM subscriber_page_blocks WHERE list_id = ANY (blocked);
  ELSIF moved > 0 THEN
    PERFORM subscriber_blocks_add(-1, array_agg(o.list_id), array_agg(o.id), array_agg(lower(o.email)), array_agg(o.subscription))
       FROM old_rows o JOIN new_rows nw USING (id)
      WHERE (o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id)
        AND o.list_id = ANY (blocked);
    PERFORM subscriber_blocks_add(1, array_agg(nw.list_id), array_agg(nw.id), array_agg(lower(nw.email)), array_agg(nw.subscription))
       FROM old_rows o JOIN new_rows nw USING (id)
      WHERE (o.subscription <> nw.subscription OR lower(o.email) <> lower(nw.email) OR o.list_id <> nw.list_id)
        AND nw.list_id = ANY (blocked);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_insert();
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_delete();
--> statement-breakpoint
CREATE TRIGGER subscribers_blocks_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_blocks_on_update();
