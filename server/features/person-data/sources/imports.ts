import { sql } from 'drizzle-orm';
import { containsPattern, touched, type PersonDataSource } from '../source.js';

/**
 * Uploaded files hold the address too. Only the import worker reads a file, so a finished
 * import's file that contains the address is dropped whole; an import still running keeps
 * its file (the import refuses the erased address anyway). Row errors that quote it go.
 * Files are searched as bytes (ASCII letter case ignored), chunk by chunk.
 */
export const importFilesSource: PersonDataSource = {
  section: 'import_files',
  erase: async (tx, person) => {
    const pattern = containsPattern(person.email);
    await tx.execute(
      sql`UPDATE imports
             SET errors = (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
                             FROM jsonb_array_elements(errors) WITH ORDINALITY AS x(e, n)
                            WHERE e::text NOT ILIKE ${pattern})
           WHERE errors::text ILIKE ${pattern}`,
    );
    return touched(
      tx,
      sql`WITH files AS (
            SELECT DISTINCT c.import_id FROM import_chunks c JOIN imports i ON i.id = c.import_id
             WHERE i.status IN ('done', 'failed') AND encode(c.data, 'escape') ILIKE ${pattern}),
          gone AS (DELETE FROM import_chunks WHERE import_id IN (SELECT import_id FROM files)
                   RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
  },
};
