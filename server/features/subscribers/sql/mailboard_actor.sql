-- The actor a write path set for its transaction (server/lib/actor.ts), or NULL.
-- Read by the history triggers here and by the webhooks' and automations' triggers.
-- History: migration 0005; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION mailboard_actor() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('mailboard.actor', true), '')::jsonb
$$;
