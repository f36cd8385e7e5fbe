-- Per-list, per-state subscriber counts, maintained in the same transaction as each change so
-- that `count` of a filtered collection and `subscriber_counts` never scan a large list.
-- Statement-level triggers with transition tables: a 10,000-row import batch costs one
-- aggregate update, not 10,000.
CREATE FUNCTION list_counts_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_subscriber_counts (list_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lists_counts_init AFTER INSERT ON lists FOR EACH ROW EXECUTE FUNCTION list_counts_init();
--> statement-breakpoint
CREATE FUNCTION subscriber_counts_add(sign integer, changed_list_id integer, state text, n bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE list_subscriber_counts SET
    active = active + CASE WHEN state = 'active' THEN sign * n ELSE 0 END,
    pending = pending + CASE WHEN state = 'pending' THEN sign * n ELSE 0 END,
    bounced = bounced + CASE WHEN state = 'bounced' THEN sign * n ELSE 0 END,
    unsubscribed = unsubscribed + CASE WHEN state = 'unsubscribed' THEN sign * n ELSE 0 END,
    deleted = deleted + CASE WHEN state = 'deleted' THEN sign * n ELSE 0 END
  WHERE list_id = changed_list_id;
$$;
--> statement-breakpoint
CREATE FUNCTION subscriber_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM new_rows GROUP BY 1, 2) AS d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscriber_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriber_counts_add(-1, list_id, subscription, n)
    FROM (SELECT list_id, subscription, count(*) AS n FROM old_rows GROUP BY 1, 2) AS d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscriber_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER subscribers_counts_update AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_on_update();
