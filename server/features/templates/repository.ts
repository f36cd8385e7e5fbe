import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { lists, templates } from '../../db/schema/index.js';

export type TemplateRow = typeof templates.$inferSelect;

export function templatesRepository(db: Executor) {
  /** A list's view: global templates and its own; without a list, every template. */
  const visible = (listId: number | undefined): SQL | undefined =>
    listId === undefined
      ? undefined
      : or(isNull(templates.listId), sql`${templates.listId} = ${listId}::bigint`);
  const summary = {
    id: templates.id,
    name: templates.name,
    listId: templates.listId,
    createDatetime: templates.createDatetime,
  };
  return {
    count: async (listId?: number) =>
      (await db.select({ n: count() }).from(templates).where(visible(listId)))[0]!.n,
    page: (listId: number | undefined, limit: number, offset: number) =>
      db
        .select(summary)
        .from(templates)
        .where(visible(listId))
        .orderBy(desc(templates.id))
        .limit(limit)
        .offset(offset),
    get: async (id: number) => (await db.select().from(templates).where(eq(templates.id, id)))[0],
    listExists: async (listId: number) =>
      (await db.select({ id: lists.id }).from(lists).where(eq(lists.id, listId))).length > 0,
    create: async (values: typeof templates.$inferInsert) =>
      (await db.insert(templates).values(values).returning())[0]!,
    delete: async (id: number) =>
      (
        await db
          .delete(templates)
          .where(and(eq(templates.id, id)))
          .returning({ id: templates.id })
      ).length > 0,
  };
}
