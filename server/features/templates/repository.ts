import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inVisibleLists } from '../identity/index.js';
import { lists, templates } from '../../db/schema/index.js';

export type TemplateRow = typeof templates.$inferSelect;

/**
 * `listIds`: the lists that exist for the caller (`visibleLists`), null for all. A caller limited
 * to some lists sees the global templates and those of its lists only.
 */
export function templatesRepository(db: Executor, listIds: number[] | null = null) {
  const allowed =
    listIds === null
      ? undefined
      : or(isNull(templates.listId), inVisibleLists(templates.listId, listIds));
  /** A list's view: global templates and its own; without a list, every template. */
  const visible = (listId: number | undefined): SQL | undefined =>
    and(
      listId === undefined
        ? undefined
        : or(isNull(templates.listId), sql`${templates.listId} = ${listId}::bigint`),
      allowed,
    );
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
    get: async (id: number) =>
      (
        await db
          .select()
          .from(templates)
          .where(and(eq(templates.id, id), allowed))
      )[0],
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
