-- A list's change counter: every statement changing a list's subscribers takes the next
-- value of one sequence, so a page position remembered by the server (keyset links,
-- sampled page anchors) is trusted only while it is unchanged (migration 0004).
-- History: migration 0004, changed in 0025; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION subscriber_counts_bump(changed_list_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_subscriber_counts SET version = nextval('subscriber_change_versions')
   WHERE list_id = ANY (changed_list_ids);
END $$;
