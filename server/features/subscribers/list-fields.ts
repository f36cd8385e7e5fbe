import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { fieldsRepository, type FieldRow } from '../fields/index.js';

/*
 * A list's custom fields, kept in memory beside the version of custom_field_changes (a
 * counter its triggers bump on every change of any field, migration 0019) that was read
 * before them. A caller that reads the current version in a statement it makes anyway (the
 * page statement, the list's own row) uses the kept fields while the versions agree and
 * reads them again when not: no query for the fields on most requests, and a change made on
 * any replica is seen on the next request. A change committed between the version's read
 * and the fields' leaves an older version beside newer fields, which the next comparison
 * finds different, never the reverse.
 */

export type VersionedFields = { version: number; fields: FieldRow[] };

// Per database (tests and the benchmark open several in one process).
const caches = new WeakMap<object, Map<number, VersionedFields>>();
const MAX_LISTS = 1000;

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

/** The version to compare, read in the caller's own statement (as a float8 column). */
export const fieldsVersionColumn = sql`(SELECT version FROM custom_field_changes)::float8`;

async function load(db: Db, listId: number, version: number): Promise<VersionedFields> {
  const fields = await fieldsRepository(db).forList(listId);
  const cache = cacheOf(db);
  if (cache.size >= MAX_LISTS) cache.delete(cache.keys().next().value!);
  const entry = { version, fields };
  cache.set(listId, entry);
  return entry;
}

/** The fields as last read, whatever their version (the caller compares it later). */
export async function keptFields(db: Db, listId: number): Promise<VersionedFields> {
  const known = cacheOf(db).get(listId);
  if (known) return known;
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`SELECT ${fieldsVersionColumn} AS version`,
  );
  return load(db, listId, row?.version ?? 0);
}

/** The fields at `version`, just read by the caller: kept ones when they are that version's. */
export async function fieldsAt(db: Db, listId: number, version: number): Promise<FieldRow[]> {
  const known = cacheOf(db).get(listId);
  if (known?.version === version) return known.fields;
  return (await load(db, listId, version)).fields;
}

/** Forgets a list's fields: the caller found them older than its snapshot. */
export const forgetFields = (db: Db, listId: number) => cacheOf(db).delete(listId);
