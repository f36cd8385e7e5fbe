import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SegmentFilter } from '../../../contract/segments.js';
import type { Executor } from '../../db/client.js';
import { mailings, segments, subscribers } from '../../db/schema/index.js';
import type { FieldRow } from '../fields/index.js';
import { segmentCondition } from './membership.js';

export type SegmentRow = typeof segments.$inferSelect;
export type SegmentValues = { name: string; filter: SegmentFilter };

export function segmentsRepository(db: Executor) {
  const inList = (listId: number, id: number) =>
    and(eq(segments.listId, listId), eq(segments.id, id));

  return {
    count: async (listId: number) =>
      (await db.select({ n: count() }).from(segments).where(eq(segments.listId, listId)))[0]!.n,

    page: (listId: number, limit: number, offset: number): Promise<SegmentRow[]> =>
      db
        .select()
        .from(segments)
        .where(eq(segments.listId, listId))
        .orderBy(asc(segments.id))
        .limit(limit)
        .offset(offset),

    async get(listId: number, id: number): Promise<SegmentRow | undefined> {
      const [row] = await db.select().from(segments).where(inList(listId, id));
      return row;
    },

    async nameTaken(listId: number, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.listId, listId), eq(segments.name, name)));
      return rows.some((r) => r.id !== exceptId);
    },

    async create(listId: number, values: SegmentValues, userId: number): Promise<SegmentRow> {
      const [row] = await db
        .insert(segments)
        .values({ listId, ...values, createUser: userId, updateUser: userId })
        .returning();
      return row!;
    },

    async update(
      listId: number,
      id: number,
      values: Partial<SegmentValues>,
      userId: number,
    ): Promise<SegmentRow | undefined> {
      const [row] = await db
        .update(segments)
        .set({ ...values, updateUser: userId, updateDatetime: new Date() })
        .where(inList(listId, id))
        .returning();
      return row;
    },

    async delete(listId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(segments)
        .where(inList(listId, id))
        .returning({ id: segments.id });
      return rows.length > 0;
    },

    /** Mailings whose `segments` hold this id (the GIN index on mailings.segments). */
    usedBy: (id: number) =>
      db
        .select({ id: mailings.id, name: mailings.name })
        .from(mailings)
        .where(sql`${mailings.segments} @> array[${id}]::integer[]`)
        .orderBy(asc(mailings.id)),

    async memberCount(listId: number, filter: SegmentFilter, fields: readonly FieldRow[]) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscribers)
        .where(segmentCondition(listId, filter, fields));
      return row!.n;
    },

    members: (
      listId: number,
      filter: SegmentFilter,
      fields: readonly FieldRow[],
      limit: number,
      offset: number,
    ) =>
      db
        .select()
        .from(subscribers)
        .where(segmentCondition(listId, filter, fields))
        .orderBy(asc(subscribers.id))
        .limit(limit)
        .offset(offset),
  };
}
