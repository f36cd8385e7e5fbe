-- Asks the active segment_entered automations of these lists to evaluate soon (check_due).
-- History: migration 0021, changed in 0025; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION automation_segments_changed(list_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE automations a SET check_due = now()
   WHERE a.state = 'active' AND a.trigger_type = 'segment_entered' AND a.list_id = ANY (list_ids)
     AND (a.check_due IS NULL OR a.check_due > now() + interval '10 seconds');
END $$;
