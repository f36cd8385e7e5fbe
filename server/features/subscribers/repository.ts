import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SubscriptionState, subscriberOrderingFields } from '../../../contract/subscribers.js';
import type { Executor } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { actorUserId, type Actor } from '../../lib/actor.js';
import { fieldsVersionColumn } from './list-fields.js';
import { lists, listSubscriberCounts, subscribers } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql-like.js';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriberColumns = Partial<
  Pick<
    SubscriberRow,
    'email' | 'firstName' | 'lastName' | 'gender' | 'dateOfBirth' | 'language' | 'region'
  >
>;
export type NewSubscriber = Omit<
  typeof subscribers.$inferInsert,
  'id' | 'createDatetime' | 'updateDatetime' | 'createUser' | 'updateUser'
>;
/** What a list means to its subscribers: allowed languages and the opt-in process. */
export type ListInfo = { id: number; languages: string[]; doubleOptIn: boolean };
export type SubscriberFilter = {
  state?: SubscriptionState;
  email?: string;
  search?: string;
  /** Only those whose mail is paused now (preference centre, issue 50: an extension). */
  paused?: boolean;
};

/**
 * A filter the trigger-kept counts, page blocks and state parts do not cover. `paused`
 * changes with time alone (a pause ends by itself), so its counts and anchors are never
 * remembered.
 */
export const narrowed = (filter: SubscriberFilter) =>
  filter.email !== undefined || filter.search !== undefined || filter.paused === true;

const lowerEmail = sql`lower(${subscribers.email})`;
/** Email is unique per list case-insensitively; this matches the unique index's expression. */
export const emailIs = (email: string) => eq(lowerEmail, sql`lower(${email.trim()})`);

/** The text `search` looks in: folded address and names, stored (0009) under a trigram index. */
const searchText = sql`${subscribers.searchText}`;
const containsLike = (text: string) =>
  sql`${searchText} LIKE '%' || mailboard_fold(${escapeLike(text)}) || '%'`;

/**
 * Substring of email, first or last name, ignoring case and accents (extension, issue 15).
 * The trigram index reads one posting list per trigram of the pattern; a domain's trigrams
 * ("@ex", "mpl", ".co") are in nearly every row, and reading them cost a whole-address search
 * 8–20× a search for its local part (bench/search.bench.ts). So an address is looked up in the
 * index by its local part, and each candidate is checked for the whole search with strpos,
 * which the index cannot take (the same literal substring test as the LIKE, unescaped).
 */
export const searchMatches = (search: string): SQL => {
  const at = search.indexOf('@');
  const local = at < 0 ? '' : search.slice(0, at).trim();
  // A trigram needs three characters; a shorter local part leaves the whole pattern to the index.
  if ([...local].length < 3 || at === search.length - 1) return containsLike(search);
  return and(containsLike(local), sql`strpos(${searchText}, mailboard_fold(${search})) > 0`)!;
};

/**
 * The unfiltered collection leaves deleted subscribers out (docs/decisions/api-choices.md). Every filter of the
 * collection is one condition here: counts, pages and page anchors all use this.
 */
export const filterWhere = (
  listId: number,
  { state, email, search, paused }: SubscriberFilter,
): SQL =>
  and(
    eq(subscribers.listId, listId),
    state ? eq(subscribers.subscription, state) : ne(subscribers.subscription, 'deleted'),
    email === undefined ? undefined : emailIs(email),
    search === undefined ? undefined : searchMatches(search),
    paused ? sql`${subscribers.pausedUntil} > now()` : undefined,
  )!;

/** `ordering` fields, each served by an index on (list_id, …). */
export const subscriberOrderColumns = {
  id: subscribers.id,
  // The unique (list_id, lower(email)) index.
  email: lowerEmail,
  // (list_id, subscription, id).
  subscription: subscribers.subscription,
} satisfies Record<(typeof subscriberOrderingFields)[number], AnyPgColumn | SQLWrapper>;

/**
 * Counts of searches, per database (tests and the benchmark open several in one process).
 * A common surname's count reads every page of the list's rows (90,000 of 1,000,000: about
 * 110 MB), so it is worth keeping while the list stays as it was.
 */
const searchCountCaches = new WeakMap<object, Map<string, { version: number; n: number }>>();
const MAX_SEARCH_COUNTS = 500;
function searchCounts(db: Executor) {
  let cache = searchCountCaches.get(db);
  if (!cache) searchCountCaches.set(db, (cache = new Map()));
  return cache;
}

/** The columns of {@link ListInfo}: both reads of a list select them. */
const listInfoColumns = {
  id: lists.id,
  languages: lists.languages,
  doubleOptIn: lists.doubleOptIn,
};

export function subscribersRepository(db: Executor) {
  return {
    async list(listId: number): Promise<ListInfo | undefined> {
      const [row] = await db.select(listInfoColumns).from(lists).where(eq(lists.id, listId));
      return row;
    },

    /** The list and the current version of the custom fields (list-fields.ts), in one read. */
    async listAndFieldsVersion(
      listId: number,
    ): Promise<(ListInfo & { fieldsVersion: number }) | undefined> {
      const [row] = await db
        .select({ ...listInfoColumns, fieldsVersion: sql<number>`${fieldsVersionColumn}` })
        .from(lists)
        .where(eq(lists.id, listId));
      return row;
    },

    /**
     * Without an email or search filter the count comes from the trigger-kept counts. A
     * search's count is remembered for the list's `version` (its change counter, read
     * before): paging through or re-sorting the matches counts them once.
     */
    async count(listId: number, filter: SubscriberFilter, version?: number): Promise<number> {
      if (narrowed(filter)) {
        const remembered = version === undefined || filter.paused ? undefined : searchCounts(db);
        const key = JSON.stringify([listId, filter.state, filter.email, filter.search]);
        const known = remembered?.get(key);
        if (known && known.version === version) return known.n;
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(subscribers)
          .where(filterWhere(listId, filter));
        if (remembered && version !== undefined) {
          remembered.delete(key);
          if (remembered.size >= MAX_SEARCH_COUNTS)
            remembered.delete(remembered.keys().next().value!);
          remembered.set(key, { version, n: row!.n });
        }
        return row!.n;
      }
      const [counts] = await db
        .select()
        .from(listSubscriberCounts)
        .where(eq(listSubscriberCounts.listId, listId));
      if (!counts) return 0;
      if (filter.state) return counts[filter.state];
      return counts.active + counts.pending + counts.bounced + counts.unsubscribed;
    },

    /** Rows per state, kept exact by triggers (all zero for an unknown list). */
    async stateCounts(listId: number): Promise<Record<SubscriptionState, number>> {
      const [counts] = await db
        .select()
        .from(listSubscriberCounts)
        .where(eq(listSubscriberCounts.listId, listId));
      return {
        active: counts?.active ?? 0,
        pending: counts?.pending ?? 0,
        bounced: counts?.bounced ?? 0,
        unsubscribed: counts?.unsubscribed ?? 0,
        deleted: counts?.deleted ?? 0,
      };
    },

    /** The list's change counter, which remembered page positions are checked against. */
    async version(listId: number): Promise<number> {
      const [row] = await db
        .select({ version: listSubscriberCounts.version })
        .from(listSubscriberCounts)
        .where(eq(listSubscriberCounts.listId, listId));
      return row?.version ?? 0;
    },

    async get(listId: number, id: number): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.listId, listId), eq(subscribers.id, id)));
      return row;
    },

    async findByEmail(listId: number, email: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.listId, listId), emailIs(email)));
      return row;
    },

    /**
     * Inserts unless the email is taken in the list (undefined then). ON CONFLICT waits for
     * a concurrent insert of the same email and then yields, so racing creates never fail
     * and no transaction is aborted. One statement, recorded as `actor`'s (see `actorUserId`).
     */
    async create(values: NewSubscriber, actor: Actor): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .insert(subscribers)
        .values({ ...values, createUser: actor.userId, updateUser: actorUserId(actor) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Sets the given columns and merges the custom values into the stored ones, in one
     * statement, recorded as `actor`'s. 'conflict' when the new email is taken in the list.
     */
    async update(
      listId: number,
      id: number,
      changes: SubscriberColumns,
      custom: Record<string, unknown>,
      actor: Actor,
    ): Promise<SubscriberRow | undefined | 'conflict'> {
      try {
        const [row] = await db
          .update(subscribers)
          .set({
            ...changes,
            updateUser: actorUserId(actor),
            updateDatetime: new Date(),
            ...(Object.keys(custom).length
              ? { custom: sql`${subscribers.custom} || ${JSON.stringify(custom)}::jsonb` }
              : {}),
          })
          .where(and(eq(subscribers.listId, listId), eq(subscribers.id, id)))
          .returning();
        return row;
      } catch (error) {
        if (pgErrorCode(error) === '23505') return 'conflict';
        throw error;
      }
    },

    async setState(
      listId: number,
      id: number,
      state: SubscriptionState,
      actor: Actor,
    ): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .update(subscribers)
        .set({ subscription: state, updateDatetime: new Date(), updateUser: actorUserId(actor) })
        .where(and(eq(subscribers.listId, listId), eq(subscribers.id, id)))
        .returning();
      return row;
    },
  };
}
