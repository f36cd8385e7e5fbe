import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SQL migrations, applied in order by the runner (migrate.ts). */
export const migrationsFolder = path.join(here, 'migrations');

/**
 * Where the repeatable SQL lives: each feature's `sql/` folders (repeatable-sql.ts). A path
 * read by the runner, not an import: db/ still depends on no feature.
 */
export const featuresFolder = path.join(here, '..', 'features');
