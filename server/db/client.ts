import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrateDatabase } from './migrate.js';
import * as schema from './schema/index.js';
import type { Database, DatabaseOptions, Db } from './types.js';

// The types live a level down (types.ts), so maintenance.ts and pglite-client.ts can use
// them without a cycle.
export type { Database, DatabaseOptions, Db, Executor } from './types.js';

/**
 * The pool behind `db` on PostgreSQL; undefined on PGlite, whose one connection is the
 * PGlite instance itself. For the few places that need the driver, not just SQL.
 */
export function postgresPool(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** PostgreSQL through node-postgres when a URL is given, else embedded PGlite (pglite-client.ts). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is
    // reported here; without a listener that event would end the process. The pool has
    // already dropped the connection and opens a new one when next asked.
    pool.on('error', (error) => console.warn(`A PostgreSQL connection was lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migrateDatabase(db);
      },
      // pool.end() resolves before its clients' sockets have closed; wait for them, so a
      // database dropped right after (tests) does not cut off a connection still closing.
      close: async () => {
        const open = pool.totalCount;
        let removed = 0;
        const closed = new Promise<void>((resolve) => {
          if (open === 0) resolve();
          pool.on('remove', () => {
            if (++removed >= open) resolve();
          });
        });
        await pool.end();
        await closed;
      },
    };
  }
  // Loaded only here: PGlite's module alone adds ~40 MB to a process that never uses it.
  const { openPglite } = await import('./pglite-client.js');
  return openPglite(options);
}
