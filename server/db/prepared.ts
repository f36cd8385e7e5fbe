import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { postgresPool } from './client.js';
import { queryRows } from './query-rows.js';
import type { Db, Executor } from './types.js';

const dialect = new PgDialect();

/**
 * The rows of a statement run often with the same text (the delivery engine's claim and
 * result write): on PostgreSQL a named prepared statement, parsed and planned once per pooled
 * connection instead of on every call, where planning cost as much as running. Elsewhere (PGlite,
 * a transaction) an ordinary query. Values come as node-postgres parses them: fit for ids,
 * numbers and text, not for timestamps (drizzle would hand those over as text).
 */
export async function preparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const pool = postgresPool(db as Db);
  if (!pool) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await pool.query({ name: nameOf(text), text, values: params })).rows as T[];
}

// Few distinct texts (one per claim size and statement): each is hashed once, not per call.
const names = new Map<string, string>();
function nameOf(text: string) {
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The rows of a statement whose text is a constant (written once, not built per call):
 * {@link preparedRows} without the query builder, for what every request runs (the caller's
 * access), where building the statement cost as much CPU as PostgreSQL's answer. On
 * PostgreSQL a named prepared statement; on PGlite an ordinary query. Values as the drivers
 * parse them (both turn json into objects and text[] into arrays).
 */
export async function preparedTextRows<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const pool = postgresPool(db);
  if (pool) return (await pool.query({ name: nameOf(text), text, values })).rows as T[];
  const client = (db as unknown as { $client: PGlite }).$client;
  return (await client.query<T>(text, values)).rows;
}
