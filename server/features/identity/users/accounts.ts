import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ListAccess } from '../../../../contract/permissions.js';
import type { Executor } from '../../../db/client.js';
import { lists, sessions, userLists, users } from '../../../db/schema/index.js';
import { hashPassword } from '../sign-in/password.js';

/** A user invited but not signed up yet has no password: no password verifies this. */
export const PENDING_PASSWORD_HASH = '';

export type ListGrant = { list: number; access: ListAccess };

/** A user as GET /api/v1/users shows it. */
export type Account = {
  id: number;
  username: string;
  role: string;
  lists: ListGrant[] | null;
  active: boolean;
  two_factor: boolean;
};

export type AccountChanges = {
  role?: string;
  lists?: ListGrant[] | null;
  active?: boolean;
  password?: string;
};

/** Users with their role, lists and state (the Users screen, issue 29). */
export function accountsRepository(db: Executor) {
  async function grantsOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, ListGrant[]>();
    const rows = await db
      .select({ user: userLists.userId, list: userLists.listId, access: userLists.access })
      .from(userLists)
      .where(inArray(userLists.userId, ids))
      .orderBy(asc(userLists.listId));
    const byUser = new Map<number, ListGrant[]>();
    for (const r of rows) {
      byUser.set(r.user, [...(byUser.get(r.user) ?? []), { list: r.list, access: r.access }]);
    }
    return byUser;
  }

  const select = () =>
    db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        active: users.active,
        allLists: users.allLists,
      })
      .from(users);

  async function toAccounts(rows: Awaited<ReturnType<typeof select>>): Promise<Account[]> {
    const grants = await grantsOf(rows.filter((r) => !r.allLists).map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      lists: r.allLists ? null : (grants.get(r.id) ?? []),
      active: r.active,
      // Two-factor sign-in is another part of issue 29 (the `team` branch).
      two_factor: false,
    }));
  }

  return {
    async list(): Promise<Account[]> {
      return toAccounts(await select().orderBy(asc(users.id)));
    },

    async get(id: number): Promise<Account | undefined> {
      return (await toAccounts(await select().where(eq(users.id, id))))[0];
    },

    /** The ids among `ids` that name no list (a 400 for the caller). */
    async unknownLists(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await db.select({ id: lists.id }).from(lists).where(inArray(lists.id, ids));
      const known = new Set(found.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },

    async create(username: string, password: string, changes: AccountChanges): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({
          username,
          passwordHash: await hashPassword(password),
          role: changes.role,
          active: changes.active,
          allLists: changes.lists === null || changes.lists === undefined,
        })
        .returning({ id: users.id });
      if (changes.lists) await this.setLists(row!.id, changes.lists);
      return row!.id;
    },

    /**
     * Deactivating or a new password ends the user's sessions; a deactivated user's tokens
     * are refused by the auth check (and work again if the user is reactivated).
     */
    async update(id: number, changes: AccountChanges, hashed?: string): Promise<void> {
      const passwordHash =
        hashed ??
        (changes.password === undefined ? undefined : await hashPassword(changes.password));
      const values = {
        role: changes.role,
        active: changes.active,
        passwordHash,
        allLists: changes.lists === undefined ? undefined : changes.lists === null,
      };
      if (Object.values(values).some((v) => v !== undefined)) {
        await db.update(users).set(values).where(eq(users.id, id));
      }
      if (changes.lists !== undefined) await this.setLists(id, changes.lists ?? []);
      if (changes.active === false || passwordHash !== undefined) {
        await db.delete(sessions).where(eq(sessions.userId, id));
      }
    },

    async setLists(id: number, grants: ListGrant[]) {
      await db.delete(userLists).where(eq(userLists.userId, id));
      const unique = new Map(grants.map((g) => [g.list, g.access]));
      if (unique.size === 0) return;
      await db
        .insert(userLists)
        .values([...unique].map(([listId, access]) => ({ userId: id, listId, access })));
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Serialises every change that could remove the last active admin (in a transaction, to
     * its end): two admins demoting each other at once each see the other's change first.
     */
    async lockAdmins() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('users.last_admin'))`);
    },

    async countActiveAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.role, 'admin'),
            eq(users.active, true),
            // An invitation not accepted yet is nobody who could act as admin.
            ne(users.passwordHash, PENDING_PASSWORD_HASH),
          ),
        );
      return row!.n;
    },
  };
}
