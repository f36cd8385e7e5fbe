import { count, eq, getTableColumns } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inVisibleLists } from '../identity/index.js';
import { lists, listSubscriberCounts } from '../../db/schema/index.js';

export type ListRow = typeof lists.$inferSelect & {
  counts: Omit<typeof listSubscriberCounts.$inferSelect, 'listId'> | null;
};
export type ListValues = Omit<
  typeof lists.$inferInsert,
  'id' | 'createDatetime' | 'updateDatetime'
>;

const { listId: _listId, ...countColumns } = getTableColumns(listSubscriberCounts);

export function listsRepository(db: Executor) {
  const selectWithCounts = () =>
    db
      .select({ ...getTableColumns(lists), counts: countColumns })
      .from(lists)
      .leftJoin(listSubscriberCounts, eq(listSubscriberCounts.listId, lists.id));

  return {
    /** `visible`: the caller's lists (docs/decisions/roles-and-access.md), null for all. */
    count: async (visible: number[] | null = null) =>
      (await db.select({ n: count() }).from(lists).where(inVisibleLists(lists.id, visible)))[0]!.n,

    page: (
      order: SQL[],
      limit: number,
      offset: number,
      visible: number[] | null = null,
    ): Promise<ListRow[]> =>
      selectWithCounts()
        .where(inVisibleLists(lists.id, visible))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),

    async get(id: number): Promise<ListRow | undefined> {
      const [row] = await selectWithCounts().where(eq(lists.id, id));
      return row;
    },

    /** Locks the row for the rest of the transaction (writes that depend on its settings). */
    async getForUpdate(id: number) {
      const [row] = await db.select().from(lists).where(eq(lists.id, id)).for('update');
      return row;
    },

    async create(values: ListValues): Promise<number> {
      const [row] = await db.insert(lists).values(values).returning({ id: lists.id });
      return row!.id;
    },

    async update(id: number, values: Partial<ListValues>) {
      await db
        .update(lists)
        .set({ ...values, updateDatetime: new Date() })
        .where(eq(lists.id, id));
    },

    /** Cascades to subscribers, fields, mailings (and their layouts, deliveries and
     * statistics) and imports through the schema's foreign keys. */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(lists).where(eq(lists.id, id)).returning({ id: lists.id });
      return rows.length > 0;
    },
  };
}
