-- Adds `sign` to the counts of the blocks holding the given rows (`email_keys` are
-- lower(email), the unique index's expression, so they compare as the index orders them).
-- A row after a list's last block is in the tail, which needs no update.
-- History: migration 0011, changed in 0025; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_blocks_add(sign integer, list_ids integer[], ids integer[], email_keys text[], states text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END $$;
