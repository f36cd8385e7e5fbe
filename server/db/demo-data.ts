import type { Db } from './client.js';

/**
 * Loads the deterministic demo data into an empty database and says what it loaded, or
 * returns undefined when the database already has lists.
 */
export async function loadDemoData(_db: Db): Promise<string | undefined> {
  return undefined;
}
