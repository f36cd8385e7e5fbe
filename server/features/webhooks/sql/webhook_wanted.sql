-- The cheap check every trigger makes first: does any enabled endpoint want this type?
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_wanted(event_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND event_type = ANY (events))
$$;
