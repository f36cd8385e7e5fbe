import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SQL migrations, applied in order by either driver's migrator. */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);
