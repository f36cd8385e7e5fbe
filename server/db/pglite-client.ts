import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { serveControlChannel } from './control-channel.js';
import { lockDataDir } from './data-dir-lock.js';
import { analyzeAfterMigrations } from './maintenance.js';
import { migrateDatabase } from './migrate.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { dumpPglite } from './pglite-dump.js';
import * as schema from './schema/index.js';
import type { Database, DatabaseOptions, Db } from './types.js';

/** PGlite's planner statistics sample 300 × this many rows per table (PostgreSQL: 100). */
const PGLITE_STATISTICS_TARGET = 20;
/** PostgreSQL's default is 4MB. */
const PGLITE_GIN_PENDING_LIST = '1MB';

/**
 * The embedded database: in `dataDir`, an instance the caller made (tests), or in memory.
 * Reached through openDatabase (client.ts), which loads this module only when it is needed.
 */
export async function openPglite(
  options: Exclude<DatabaseOptions, { databaseUrl: string }>,
): Promise<Database> {
  let client: PGlite;
  let stopChannel = async () => {};
  let release = async () => {};
  if ('pglite' in options) client = options.pglite;
  else if ('dataDir' in options) {
    // One process per data directory, released on close (docs/decisions/stack-and-sharp-edges.md).
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
  //   6,000 63–66 ms (9,000: 87–93 ms); reading the sample is half of it;
  // - the search index's pending list is merged by the insert that fills it, so a smaller
  //   list makes that insert's wait shorter (and searches scan less of it meanwhile).
  await client.exec(`SET default_statistics_target = ${PGLITE_STATISTICS_TARGET};
    SET gin_pending_list_limit = '${PGLITE_GIN_PENDING_LIST}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migrateDatabase(db);
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
