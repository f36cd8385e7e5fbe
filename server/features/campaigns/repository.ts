import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { campaigns, mailings } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql-like.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignMailingStats = {
  id: number;
  name: string;
  opens: number;
  unique_opens: number;
  clicks: number;
  unique_clicks: number;
  hard_bounces: number;
  soft_bounces: number;
};
export type CampaignValues = { name: string; description?: string };

export function campaignsRepository(db: Executor) {
  const where = (search?: string) =>
    search ? ilike(campaigns.name, `%${escapeLike(search)}%`) : undefined;
  return {
    count: async (search?: string) =>
      (await db.select({ n: count() }).from(campaigns).where(where(search)))[0]!.n,

    page: (search: string | undefined, limit: number, offset: number): Promise<CampaignRow[]> =>
      db
        .select()
        .from(campaigns)
        .where(where(search))
        .orderBy(asc(campaigns.name), asc(campaigns.id))
        .limit(limit)
        .offset(offset),

    async get(id: number): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      return row;
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.name, name));
      return rows.some((r) => r.id !== exceptId);
    },

    async create(values: CampaignValues, userId: number): Promise<CampaignRow> {
      const [row] = await db
        .insert(campaigns)
        .values({ ...values, createUser: userId, updateUser: userId })
        .returning();
      return row!;
    },

    async update(
      id: number,
      values: Partial<CampaignValues>,
      userId: number,
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({ ...values, updateUser: userId, updateDatetime: new Date() })
        .where(eq(campaigns.id, id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(campaigns)
        .where(eq(campaigns.id, id))
        .returning({ id: campaigns.id });
      return rows.length > 0;
    },

    /**
     * The campaign's mailings side by side: totals and unique counts of opens and clicks, and
     * hard and soft bounces. Unique counts are people's (issue 51): the earliest human record
     * per recipient, what `unique=true&class=human` keeps; totals count every hit as the seed.
     * `lists`: the caller's lists (docs/decisions/roles-and-access.md), null for all.
     */
    async comparison(id: number, lists: number[] | null = null) {
      const onlyLists = lists
        ? sql`and m.list_id in (${sql.join([...lists.map((l) => sql`${l}`), sql`null`], sql`, `)})`
        : sql``;
      const n = (table: string, where = '') =>
        sql.raw(
          `(select count(*)::int from ${table} r where r.mailing_id = m.id${where ? ` and ${where}` : ''})`,
        );
      const humanFirst = "r.class = 'human' and (r.first or r.first_human)";
      const rows = await db.execute(sql`
        select m.id, m.name,
          ${n('stat_opens')} as opens, ${n('stat_opens', humanFirst)} as unique_opens,
          ${n('stat_clicks')} as clicks, ${n('stat_clicks', humanFirst)} as unique_clicks,
          ${n('stat_bounces', 'r.hard')} as hard_bounces, ${n('stat_bounces', 'not r.hard')} as soft_bounces
        from mailings m where m.campaign = ${id} ${onlyLists} order by m.id`);
      return (rows as unknown as { rows: CampaignMailingStats[] }).rows;
    },

    usedBy: (id: number) =>
      db
        .select({ id: mailings.id, name: mailings.name })
        .from(mailings)
        .where(eq(mailings.campaign, id))
        .orderBy(asc(mailings.id)),
  };
}
