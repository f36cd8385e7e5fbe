-- A timestamp as the API writes it (UTC, milliseconds, Z).
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_iso(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
