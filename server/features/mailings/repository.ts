import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inVisibleLists } from '../identity/index.js';
import {
  campaigns,
  customFields,
  deliveries,
  layoutFiles,
  layouts,
  lists,
  mailings,
  segments,
  variants,
} from '../../db/schema/index.js';
import type { LayoutImage } from './layout-import.js';

export type MailingRow = typeof mailings.$inferSelect;
export type VariantRow = typeof variants.$inferSelect & {
  layout: { id: number; source: string };
  deliveries: { scheduledDatetime: Date; exclusions: unknown[]; limit: number | null }[];
};
export type MailingWithVariants = MailingRow & { variants: VariantRow[] };

export type ListDefaults = Pick<
  typeof lists.$inferSelect,
  'id' | 'languages' | 'defaultFromName' | 'defaultFromEmail' | 'defaultReplytoEmail'
>;

/** A variant as stored; `source` is called with the new layout's id (zips rewrite URLs). */
export type NewVariant = {
  languages: string[];
  fromName: string;
  fromEmail: string;
  replytoEmail: string;
  subject: string;
  text: string;
  source: (layoutId: number) => string;
  images: LayoutImage[];
  /** The block document (mailboard.json) of a layout made in the dashboard. */
  document?: string | null;
  scheduled: Date[];
};

export type NewMailing = {
  listId: number;
  name: string;
  campaign: number | null;
  segments: number[];
  userId: number | null;
  variants: NewVariant[];
};

/** Whether the campaign and segments a request names exist (segments: in the mailing's list). */
export type MailingReferences = { campaignExists: boolean; unknownSegments: number[] };

export function mailingsRepository(db: Executor) {
  // Compared as bigint: an id past the integer range is a filter that matches nothing.
  // `visible`: the caller's lists (docs/decisions/roles-and-access.md), null for all.
  const where = (listId: number | undefined, visible: number[] | null = null) =>
    and(
      listId === undefined ? undefined : sql`${mailings.listId} = ${listId}::bigint`,
      inVisibleLists(mailings.listId, visible),
    );

  return {
    count: async (listId?: number, visible: number[] | null = null) =>
      (await db.select({ n: count() }).from(mailings).where(where(listId, visible)))[0]!.n,

    page: (
      listId: number | undefined,
      order: SQL[],
      limit: number,
      offset: number,
      visible: number[] | null = null,
    ) =>
      db
        .select({ id: mailings.id, name: mailings.name, campaign: mailings.campaign })
        .from(mailings)
        .where(where(listId, visible))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),

    async listDefaults(listId: number): Promise<ListDefaults | undefined> {
      const [row] = await db
        .select({
          id: lists.id,
          languages: lists.languages,
          defaultFromName: lists.defaultFromName,
          defaultFromEmail: lists.defaultFromEmail,
          defaultReplytoEmail: lists.defaultReplytoEmail,
        })
        .from(lists)
        // As bigint, so an id past the integer range is simply no list.
        .where(sql`${lists.id} = ${listId}::bigint`)
        // The mailing references the list: keep it from being deleted under us.
        .for('share');
      return row;
    },

    /** Whether the campaign and segments exist; locks them so they are not deleted meanwhile. */
    async references(
      listId: number,
      campaign: number | null | undefined,
      segmentIds: number[],
    ): Promise<MailingReferences> {
      const campaignRows =
        campaign === null || campaign === undefined
          ? [{ id: 0 }]
          : await db
              .select({ id: campaigns.id })
              .from(campaigns)
              .where(eq(campaigns.id, campaign))
              .for('share');
      const found = segmentIds.length
        ? (
            await db
              .select({ id: segments.id })
              .from(segments)
              .where(and(eq(segments.listId, listId), inArray(segments.id, segmentIds)))
              .for('share')
          ).map((r) => r.id)
        : [];
      return {
        campaignExists: campaignRows.length > 0,
        unknownSegments: [...new Set(segmentIds)].filter((id) => !found.includes(id)),
      };
    },

    /** Names of the custom fields a list's subscribers have: shared ones and its own. */
    async knownFields(listId: number): Promise<string[]> {
      const rows = await db
        .select({ name: customFields.name })
        .from(customFields)
        .where(sql`${customFields.listId} IS NULL OR ${customFields.listId} = ${listId}::bigint`);
      return rows.map((r) => r.name);
    },

    async nameTaken(name: string): Promise<boolean> {
      const rows = await db
        .select({ id: mailings.id })
        .from(mailings)
        .where(eq(mailings.name, name))
        .limit(1);
      return rows.length > 0;
    },

    async create(m: NewMailing): Promise<number> {
      const [mailing] = await db
        .insert(mailings)
        .values({
          listId: m.listId,
          name: m.name,
          campaign: m.campaign,
          segments: m.segments,
          createUser: m.userId,
          updateUser: m.userId,
        })
        .returning({ id: mailings.id });
      for (const [position, v] of m.variants.entries()) {
        const [variant] = await db
          .insert(variants)
          .values({
            mailingId: mailing!.id,
            position,
            languages: v.languages,
            fromName: v.fromName,
            fromEmail: v.fromEmail,
            replytoEmail: v.replytoEmail,
            subject: v.subject,
          })
          .returning({ id: variants.id });
        const [layout] = await db
          .insert(layouts)
          .values({
            variantId: variant!.id,
            text: v.text,
            source: '',
            document: v.document ?? null,
          })
          .returning({ id: layouts.id });
        await db
          .update(layouts)
          .set({ source: v.source(layout!.id) })
          .where(eq(layouts.id, layout!.id));
        if (v.images.length) {
          await db.insert(layoutFiles).values(
            v.images.map((image) => ({
              layoutId: layout!.id,
              path: image.path,
              contentType: image.contentType,
              data: image.data,
            })),
          );
        }
        if (v.scheduled.length) {
          await db
            .insert(deliveries)
            .values(v.scheduled.map((at) => ({ variantId: variant!.id, scheduledDatetime: at })));
        }
      }
      return mailing!.id;
    },

    async get(id: number): Promise<MailingWithVariants | undefined> {
      const [mailing] = await db.select().from(mailings).where(eq(mailings.id, id));
      if (!mailing) return undefined;
      const variantRows = await db
        .select({ variant: variants, layout: { id: layouts.id, source: layouts.source } })
        .from(variants)
        .innerJoin(layouts, eq(layouts.variantId, variants.id))
        .where(eq(variants.mailingId, id))
        .orderBy(asc(variants.position));
      const variantIds = variantRows.map((r) => r.variant.id);
      const deliveryRows = variantIds.length
        ? await db
            .select()
            .from(deliveries)
            .where(inArray(deliveries.variantId, variantIds))
            .orderBy(asc(deliveries.id))
        : [];
      return {
        ...mailing,
        variants: variantRows.map(({ variant, layout }) => ({
          ...variant,
          layout,
          deliveries: deliveryRows.filter((d) => d.variantId === variant.id),
        })),
      };
    },

    /** Cascades to variants, layouts, images, deliveries and their statistics. */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(mailings)
        .where(eq(mailings.id, id))
        .returning({ id: mailings.id });
      return rows.length > 0;
    },
  };
}
