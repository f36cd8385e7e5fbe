-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly.
-- This wrapper names the dictionary by schema and is declared IMMUTABLE; being IMMUTABLE
-- around a STABLE call it is never inlined, so queries match the index expression as written.
-- History: migration 0005, changed in 0008; since 0032 this file is the definition.
-- Import speed (issue 14). Every imported row evaluates mailboard_fold once, for the trigram
-- index of 0005. As a SQL function that is never inlined, each call starts and ends an
-- executor (~2.5 µs per row); PL/pgSQL evaluates the same expression on its fast path
-- (~1.3 µs), measured over 200,000 rows on PostgreSQL 15. An import INSERT then uses about
-- 4% less CPU on PostgreSQL and 7% less on PGlite, and search rechecks get cheaper too.
-- The result is the same for every input, so the trigram index stays valid as it is; a
-- PL/pgSQL function is never inlined either, so queries still match the index expression.
CREATE OR REPLACE FUNCTION mailboard_fold(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
BEGIN
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
END $$;
