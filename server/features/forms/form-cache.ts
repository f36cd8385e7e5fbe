import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  askedFields,
  type AskedField,
  type FieldDefinition,
} from '../../../contract/form-fields.js';
import { formsRepository, type FormRow } from './repository.js';

/** A form with its lists' names and its asked fields' definitions: what the public side needs. */
export type PublicForm = FormRow & {
  listNames: { id: number; name: string }[];
  asked: AskedField[];
};

/**
 * The public routes read a form from memory for at most this long: a flood of posts costs no
 * query for the form, and a change made on any replica is seen within a second (this
 * replica's own changes at once, see {@link forgetForm}).
 */
const TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;
type Entry = { at: number; form: Promise<PublicForm | undefined> };
// Per database (tests and benchmarks open several in one process).
const caches = new WeakMap<object, Map<number, Entry>>();
const cacheOf = (db: Executor) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

async function load(db: Executor, id: number): Promise<PublicForm | undefined> {
  const form = await formsRepository(db).get(id, null);
  if (!form || form.lists.length === 0) return undefined;
  const lists = `{${form.lists.join(',')}}`;
  const listNames = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM lists WHERE id = ANY (${lists}::integer[]) ORDER BY id`,
  );
  // In precedence order: the offered lists' own fields (lowest id first), then the shared ones.
  const definitions = await queryRows<FieldDefinition>(
    db,
    sql`SELECT name, label, type, required, max_length, choices
          FROM custom_fields
         WHERE name = ANY (${`{${form.fields.map((f) => JSON.stringify(f)).join(',')}}`}::text[])
           AND (list_id IS NULL OR list_id = ANY (${lists}::integer[]))
         ORDER BY list_id NULLS LAST, id`,
  );
  const asked = askedFields(form.fields, definitions);
  return { ...form, listNames, asked };
}

/** The form `id` as the public side sees it (undefined: none, or one that offers no list). */
export function publicForm(db: Executor, id: number): Promise<PublicForm | undefined> {
  const cache = cacheOf(db);
  const now = Date.now();
  const kept = cache.get(id);
  if (kept && now - kept.at < TTL_MS) return kept.form;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  const form = load(db, id);
  cache.set(id, { at: now, form });
  form.catch(() => cache.delete(id));
  return form;
}

/** Forgets a form this replica created, changed or deleted. */
export const forgetForm = (db: Executor, id: number) => cacheOf(db).delete(id);
