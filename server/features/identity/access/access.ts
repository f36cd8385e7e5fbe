import { createHash } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  type ListAccess,
  type Permission,
} from '../../../../contract/permissions.js';
import type { Db } from '../../../db/client.js';
import { preparedTextRows } from '../../../db/prepared.js';

/**
 * What the caller may do (issue 29, docs/decisions/roles-and-access.md): its role's permissions and,
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
  /**
   * `passwordFingerprint` of the user's current password hash: the credential cache trusts
   * a Basic header only while it matches the one verified, so a password changed on any
   * replica holds on the next request.
   */
  passwordFingerprint: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set with `user` by the auth hook. */
    access: Access;
  }
}

/**
 * The user's row, its custom role's permissions and its lists, in one statement whose text
 * never changes (every request runs it). Qualified by hand: inside the subqueries "role"
 * would be the required role's own column.
 */
const ACCESS_QUERY = `
  SELECT u.role, u.active,
         encode(sha256(convert_to(u.password_hash, 'UTF8')), 'hex') AS password_fingerprint,
         (EXISTS (SELECT 1 FROM two_factor_required_roles r WHERE r.role = u.role)
          AND NOT EXISTS (SELECT 1 FROM two_factor t
                           WHERE t.user_id = u.id AND t.confirm_datetime IS NOT NULL))
           AS must_enrol_two_factor,
         (SELECT c.permissions FROM roles c WHERE c.name = u.role) AS custom_permissions,
         CASE WHEN NOT u.all_lists
              THEN coalesce((SELECT json_agg(json_build_array(g.list_id, g.access))
                               FROM user_lists g WHERE g.user_id = u.id), '[]'::json)
         END AS grants
    FROM users u
   WHERE u.id = $1`;

type AccessRow = {
  role: string;
  active: boolean;
  password_fingerprint: string;
  must_enrol_two_factor: boolean;
  custom_permissions: string[] | null;
  grants: [number, ListAccess][] | null;
};

export async function loadAccess(db: Db, userId: number): Promise<Access | undefined> {
  const [row] = await preparedTextRows<AccessRow>(db, ACCESS_QUERY, [userId]);
  if (!row) return undefined;
  // A built-in role's name wins over a row of `roles`; a removed role has no permissions.
  const builtIn = BUILT_IN_ROLES[row.role];
  const permissions = new Set(
    builtIn ?? PERMISSIONS.filter((p) => row.custom_permissions?.includes(p)),
  );
  return {
    role: row.role,
    active: row.active,
    permissions,
    lists: row.grants ? new Map(row.grants) : null,
    mustEnrolTwoFactor: Boolean(row.must_enrol_two_factor),
    passwordFingerprint: row.password_fingerprint,
  };
}

/** What ACCESS_QUERY computes from a password hash: a change detector, nothing to keep secret. */
export const passwordFingerprint = (passwordHash: string) =>
  createHash('sha256').update(passwordHash, 'utf8').digest('hex');

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
