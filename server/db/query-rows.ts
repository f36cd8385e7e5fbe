import type { SQL } from 'drizzle-orm';
import type { Executor } from './types.js';

/** Rows of a raw query, whichever driver (node-postgres or PGlite) ran it. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
