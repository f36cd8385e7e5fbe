-- Partial search over email, first and last name, case- and accent-insensitive (issue 15).
-- pg_trgm and unaccent are trusted extensions: the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly.
-- This wrapper names the dictionary by schema and is declared IMMUTABLE; being IMMUTABLE
-- around a STABLE call it is never inlined, so queries match the index expression as written.
CREATE FUNCTION mailboard_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
--> statement-breakpoint
-- One trigram index over the three fields joined by a space (so "hans müller" finds the
-- first and last name together); the list filter is applied to its matches.
CREATE INDEX subscribers_search_trgm ON subscribers
  USING gin (mailboard_fold(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
