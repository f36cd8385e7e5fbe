import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

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
