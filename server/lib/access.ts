import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  type ListAccess,
  type Permission,
} from '../../contract/permissions.js';
import type { Executor } from '../db/client.js';
import { roles, userLists, users } from '../db/schema/index.js';

/**
 * What the caller may do (issue 29, docs/architecture.md §15): its role's permissions and,
 * when it is limited to some lists, those lists with read or manage access. Loaded from the
 * database on every request, so a change of role, lists or a deactivation holds on the next
 * request on every replica.
 */
export type Access = {
  role: string;
  active: boolean;
  permissions: ReadonlySet<Permission>;
  /** null: every list. */
  lists: ReadonlyMap<number, ListAccess> | null;
  /** The role requires two-factor sign-in and the user has not set it up yet. */
  mustEnrolTwoFactor: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set with `user` by the auth hook. */
    access: Access;
  }
}

/** The permissions of a role: built-in, custom, or none for a role that was removed. */
export async function rolePermissions(db: Executor, role: string): Promise<Permission[]> {
  const builtIn = BUILT_IN_ROLES[role];
  if (builtIn) return [...builtIn];
  const [row] = await db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.name, role));
  return PERMISSIONS.filter((p) => row?.permissions.includes(p));
}

export async function loadAccess(db: Executor, userId: number): Promise<Access | undefined> {
  const [row] = await db
    .select({
      role: users.role,
      active: users.active,
      allLists: users.allLists,
      // Qualified by hand: Drizzle writes a single table's columns unqualified, and inside
      // the subquery "role" would be the required role's own column.
      mustEnrolTwoFactor: sql<boolean>`(
        EXISTS (SELECT 1 FROM two_factor_required_roles r WHERE r.role = users.role)
        AND NOT EXISTS (SELECT 1 FROM two_factor t
                         WHERE t.user_id = users.id AND t.confirm_datetime IS NOT NULL))`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const permissions = new Set(await rolePermissions(db, row.role));
  let lists: Map<number, ListAccess> | null = null;
  if (!row.allLists) {
    const grants = await db
      .select({ list: userLists.listId, access: userLists.access })
      .from(userLists)
      .where(eq(userLists.userId, userId));
    lists = new Map(grants.map((g) => [g.list, g.access]));
  }
  return {
    role: row.role,
    active: row.active,
    permissions,
    lists,
    mustEnrolTwoFactor: Boolean(row.mustEnrolTwoFactor),
  };
}

/** The ids of the lists that exist for the caller, or null for all of them. */
export const visibleLists = (request: FastifyRequest): number[] | null =>
  request.access.lists ? [...request.access.lists.keys()] : null;

/**
 * A condition keeping rows whose list column is among `lists` (from `visibleLists`), or
 * undefined (no condition) when every list is visible. Collections add it to their WHERE.
 */
export function inVisibleLists(column: AnyPgColumn, lists: number[] | null): SQL | undefined {
  if (lists === null) return undefined;
  if (lists.length === 0) return sql`false`;
  return inArray(column, lists);
}
