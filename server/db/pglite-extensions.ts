import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The contrib extensions the migrations create (0005: trigram search over accent-folded
 * names). PGlite loads an extension only when it is passed to PGlite.create, so every place
 * that opens a PGlite database passes these.
 */
export const pgliteExtensions = { pg_trgm, unaccent };
