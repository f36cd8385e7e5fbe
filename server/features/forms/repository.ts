import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  formBlockReasons,
  type Form,
  type FormStats,
  type FormWrite,
} from '../../../contract/forms.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { forms, lists as listTable } from '../../db/schema/index.js';
import { flushOutcomes } from './outcome-counts.js';

export type FormRow = typeof forms.$inferSelect;
/** The lists a caller may see (null: every list), from `visibleLists`. */
export type ListScope = number[] | null;

const intArray = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;

/** A form belongs to the lists it offers: a limited caller sees it when all of them are its own. */
const visible = (scope: ListScope): SQL | undefined =>
  scope === null ? undefined : sql`${forms.lists} <@ ${intArray(scope.length ? scope : [0])}`;

const emptyStats = (since: Date): FormStats => ({
  since: since.toISOString(),
  submitted: 0,
  accepted: 0,
  confirmed: 0,
  blocked: Object.fromEntries(formBlockReasons.map((r) => [r, 0])) as FormStats['blocked'],
});

/** Counts by outcome of the given forms since a moment. */
async function statsOf(db: Executor, ids: number[], since: Date) {
  const stats = new Map(ids.map((id) => [id, emptyStats(since)]));
  if (ids.length === 0) return stats;
  const rows = await queryRows<{ form_id: number; outcome: string; count: number }>(
    db,
    sql`SELECT form_id, outcome, sum(count)::int AS count FROM form_counts
         WHERE form_id = ANY (${intArray(ids)}) AND hour >= date_trunc('hour', ${since.toISOString()}::timestamptz)
         GROUP BY form_id, outcome`,
  );
  for (const row of rows) {
    const s = stats.get(row.form_id)!;
    if (row.outcome === 'accepted') s.accepted += row.count;
    else if (row.outcome === 'confirmed') s.confirmed += row.count;
    else if (row.outcome in s.blocked)
      s.blocked[row.outcome as keyof FormStats['blocked']] += row.count;
    if (row.outcome !== 'confirmed') s.submitted += row.count;
  }
  return stats;
}

const serialize = (row: FormRow, stats: FormStats): Form => ({
  id: row.id,
  name: row.name,
  lists: row.lists,
  fields: row.fields,
  language: (row.language as Form['language']) ?? null,
  redirect_url: row.redirectUrl,
  created: row.createDatetime.toISOString(),
  stats,
});

const columnsOf = (write: Partial<FormWrite>) => ({
  ...(write.name !== undefined ? { name: write.name } : {}),
  ...(write.lists !== undefined ? { lists: [...new Set(write.lists)] } : {}),
  ...(write.fields !== undefined ? { fields: [...new Set(write.fields)] } : {}),
  ...(write.language !== undefined ? { language: write.language } : {}),
  ...(write.redirect_url !== undefined ? { redirectUrl: write.redirect_url } : {}),
});

export function formsRepository(db: Executor) {
  const withStats = async (rows: FormRow[], since: Date) => {
    // This replica's counts held in memory first, so its own answers are never late.
    await flushOutcomes(db);
    const stats = await statsOf(
      db,
      rows.map((r) => r.id),
      since,
    );
    return rows.map((row) => serialize(row, stats.get(row.id)!));
  };
  return {
    withStats,
    async count(scope: ListScope) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(forms)
        .where(visible(scope));
      return row!.n;
    },
    page: (limit: number, offset: number, scope: ListScope) =>
      db
        .select()
        .from(forms)
        .where(visible(scope))
        .orderBy(desc(forms.id))
        .limit(limit)
        .offset(offset),
    async get(id: number, scope: ListScope): Promise<FormRow | undefined> {
      const [row] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.id, id), visible(scope)));
      return row;
    },
    async create(write: FormWrite): Promise<FormRow> {
      const [row] = await db
        .insert(forms)
        .values({ name: write.name, lists: [], ...columnsOf(write) })
        .returning();
      return row!;
    },
    async update(id: number, write: Partial<FormWrite>): Promise<FormRow | undefined> {
      const columns = columnsOf(write);
      if (Object.keys(columns).length === 0) {
        const [row] = await db.select().from(forms).where(eq(forms.id, id));
        return row;
      }
      const [row] = await db.update(forms).set(columns).where(eq(forms.id, id)).returning();
      return row;
    },
    async delete(id: number) {
      await db.delete(forms).where(eq(forms.id, id));
    },
    /** The ids among `ids` that are no list (or none the caller may see). */
    async unknownLists(ids: number[], scope: ListScope): Promise<number[]> {
      const found = await db
        .select({ id: listTable.id })
        .from(listTable)
        .where(sql`${listTable.id} = ANY (${intArray(ids)})`);
      const known = new Set(
        found.map((r) => r.id).filter((id) => scope === null || scope.includes(id)),
      );
      return ids.filter((id) => !known.has(id));
    },
  };
}
