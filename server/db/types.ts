import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
