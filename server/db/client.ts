import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dumpPglite } from './pglite-dump.js';
import { serveControlChannel } from './control-channel.js';
import { lockDataDir } from './data-dir-lock.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { analyzeAfterMigrations } from './maintenance.js';
import * as schema from './schema/index.js';

import type { Db } from './types.js';

// The types live a level down (types.ts), so maintenance.ts can use them without a cycle.
export type { Db, Executor } from './types.js';

/**
 * The pool behind `db` on PostgreSQL; undefined on PGlite, whose one connection is the
 * PGlite instance itself. For the few places that need the driver, not just SQL.
 */
export function postgresPool(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** PGlite's planner statistics sample 300 × this many rows per table (PostgreSQL: 100). */
const PGLITE_STATISTICS_TARGET = 30;
/** PostgreSQL's default is 4MB. */
const PGLITE_GIN_PENDING_LIST = '1MB';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the data directory (npm run backup). */
  backup?(): Promise<Uint8Array>;
};

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `purpose` names the holder of the data directory's lock to a second opener. */
  | { dataDir: string; purpose?: string }
  | { pglite: PGlite }
  | { memory: true };

/** PostgreSQL through node-postgres when a URL is given, else embedded PGlite. */
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
      migrate: () => migratePg(db as never, { migrationsFolder }),
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
  let client: PGlite;
  let stopChannel = async () => {};
  let release = async () => {};
  if ('pglite' in options) client = options.pglite;
  else if ('dataDir' in options) {
    // One process per data directory, released on close (docs/architecture.md §6).
    const lock = await lockDataDir(options.dataDir, options.purpose ?? 'a Mailboard process');
    try {
      const pglite = (client = await PGlite.create(lock.dataDir, { extensions: pgliteExtensions }));
      const channel = await serveControlChannel(lock, { backup: () => dumpPglite(pglite) });
      stopChannel = () => channel.close();
      release = () => lock.release();
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else client = await PGlite.create({ extensions: pgliteExtensions });
  // Every statement runs on the server's one thread, and every request waits for it:
  // - ANALYZE: PostgreSQL's sample of 30,000 rows took ~0.3 s at 1M subscribers, this one of
  //   9,000 ~0.1 s;
  // - the search index's pending list is merged by the insert that fills it, so a smaller
  //   list makes that insert's wait shorter (and searches scan less of it meanwhile).
  await client.exec(`SET default_statistics_target = ${PGLITE_STATISTICS_TARGET};
    SET gin_pending_list_limit = '${PGLITE_GIN_PENDING_LIST}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      // PGlite runs no autovacuum: statistics for what the migrations built (maintenance.ts).
      await analyzeAfterMigrations(db);
    },
    // A backup being sent finishes first; the lock goes last, once the files are closed.
    close: async () => {
      await stopChannel();
      await client.close();
      await release();
    },
    backup: () => dumpPglite(client),
  };
}
