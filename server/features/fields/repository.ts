import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customFields, subscribers } from '../../db/schema/index.js';

export type FieldRow = typeof customFields.$inferSelect;
export type FieldValues = Pick<
  typeof customFields.$inferInsert,
  'label' | 'type' | 'required' | 'maxLength' | 'choices' | 'helpText'
>;

/** Where a field lives: `null` for the fields shared by every list, else a list id. */
export type FieldScope = number | null;

const inScope = (scope: FieldScope): SQL =>
  scope === null ? isNull(customFields.listId) : eq(customFields.listId, scope);

export function fieldsRepository(db: Executor) {
  return {
    count: async (scope: FieldScope) =>
      (await db.select({ n: count() }).from(customFields).where(inScope(scope)))[0]!.n,

    page: (scope: FieldScope, limit: number, offset: number): Promise<FieldRow[]> =>
      db
        .select()
        .from(customFields)
        .where(inScope(scope))
        .orderBy(asc(customFields.id))
        .limit(limit)
        .offset(offset),

    /** The fields a list's subscribers carry: shared ones first, then the list's own. */
    forList: (listId: number): Promise<FieldRow[]> =>
      db
        .select()
        .from(customFields)
        .where(sql`${customFields.listId} is null or ${customFields.listId} = ${listId}`)
        .orderBy(sql`${customFields.listId} nulls first`, asc(customFields.id)),

    async get(scope: FieldScope, name: string): Promise<FieldRow | undefined> {
      const [row] = await db
        .select()
        .from(customFields)
        .where(and(inScope(scope), eq(customFields.name, name)));
      return row;
    },

    /**
     * Serializes field creation, so a shared field and a list field of one name cannot
     * both slip past the name check (the unique indexes cover one scope each).
     */
    async lockNames() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('custom_fields.name'))`);
    },

    /** Where else the name is in use: a shared field, or (for a new shared field) any list's. */
    async nameClash(scope: FieldScope, name: string): Promise<'shared' | 'list' | undefined> {
      const rows = await db
        .select({ listId: customFields.listId })
        .from(customFields)
        .where(
          and(
            eq(customFields.name, name),
            scope === null
              ? undefined
              : sql`(${customFields.listId} is null or ${customFields.listId} = ${scope})`,
          ),
        )
        .limit(1);
      if (!rows[0]) return undefined;
      return rows[0].listId === null ? 'shared' : 'list';
    },

    async create(scope: FieldScope, name: string, values: FieldValues): Promise<FieldRow> {
      const [row] = await db
        .insert(customFields)
        .values({ ...values, name, listId: scope })
        .returning();
      return row!;
    },

    async update(id: number, values: Partial<FieldValues>): Promise<FieldRow> {
      const [row] = await db
        .update(customFields)
        .set(values)
        .where(eq(customFields.id, id))
        .returning();
      return row!;
    },

    /**
     * Deletes the definition and the stored values, so a later field of the same name
     * (perhaps of another type) does not inherit stale values.
     */
    async delete(field: FieldRow) {
      await db.delete(customFields).where(eq(customFields.id, field.id));
      await db
        .update(subscribers)
        .set({ custom: sql`${subscribers.custom} - ${field.name}::text` })
        .where(
          and(
            sql`${subscribers.custom} ? ${field.name}::text`,
            field.listId === null ? undefined : eq(subscribers.listId, field.listId),
          ),
        );
    },
  };
}
