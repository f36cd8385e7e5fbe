-- A subscriber as the API shows it (features/subscribers/serialize.ts), plus `list`; custom
-- values flat beside the built-in fields (only those the subscriber has).
-- History: migration 0018; since 0032 this file is the definition.
CREATE OR REPLACE FUNCTION webhook_subscriber(r jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(r->'custom', '{}'::jsonb) || jsonb_build_object(
    'id', r->'id', 'list', r->'list_id',
    'create_datetime', webhook_iso((r->>'create_datetime')::timestamptz),
    'create_user', r->'create_user',
    'update_datetime', webhook_iso((r->>'update_datetime')::timestamptz),
    'update_user', r->'update_user',
    'subscription', r->'subscription', 'email', r->'email',
    'first_name', r->'first_name', 'last_name', r->'last_name', 'gender', r->'gender',
    'date_of_birth', r->'date_of_birth', 'language', r->'language', 'region', r->'region')
$$;
