import type { ListAccess, Permission } from '../../../../contract/permissions.js';
import type { Db } from '../../../db/client.js';
import { loadAccess, type Access } from './access.js';
import { badRequest, HttpError, notFound } from '../../../lib/http-errors.js';

/**
 * The ceiling of issue 49 (docs/decisions/roles-and-access.md): **a user can never grant, read or act
 * beyond what it holds.** Whoever gives a role, list access or a token, or changes a user,
 * does so only within its own permissions and lists. Stated here once; the users, roles,
 * invitations, tokens and sessions routes call it.
 */
export type Grants = readonly { list: number; access: ListAccess }[] | null;

const forbidden = (detail: string) => new HttpError(403, { detail });

/** The permissions of `permissions` the caller does not hold itself. */
export const notHeld = (access: Access, permissions: readonly string[]) =>
  permissions.filter((p) => !access.permissions.has(p as Permission));

/** Giving (or making) a role: every one of its permissions must be the giver's own. */
export function assertRoleWithin(access: Access, role: string, permissions: readonly string[]) {
  const missing = notHeld(access, permissions);
  if (missing.length > 0) {
    throw forbidden(
      `You cannot give the role "${role}": it holds permissions you do not (${missing.join(', ')}).`,
    );
  }
}

/**
 * Giving list access: a caller limited to some lists gives only those, and `manage` only where
 * it manages. Lists it does not have do not exist for it (the 400 of an unknown list).
 */
export function assertListsWithin(access: Access, grants: Grants) {
  const own = access.lists;
  if (own === null) return;
  if (grants === null) {
    throw forbidden(
      'Your access is limited to some lists: you can only give access to those lists.',
    );
  }
  const unknown = grants.filter((g) => !own.has(g.list)).map((g) => g.list);
  if (unknown.length > 0) {
    throw badRequest(
      'lists',
      ...unknown.map((id) => `Invalid pk "${id}" - object does not exist.`),
    );
  }
  const managed = grants.filter((g) => g.access === 'manage' && own.get(g.list) !== 'manage');
  if (managed.length > 0) {
    throw forbidden(
      `You may only read list ${managed.map((g) => g.list).join(', ')}: you cannot give manage access to it.`,
    );
  }
}

/** Whether `holder` holds nothing beyond the caller: its role and lists are within the caller's. */
export function isWithin(access: Access, holder: Pick<Access, 'permissions' | 'lists'>): boolean {
  if (notHeld(access, [...holder.permissions]).length > 0) return false;
  const own = access.lists;
  if (own === null) return true;
  if (holder.lists === null) return false;
  return [...holder.lists].every(([list, given]) => {
    const mine = own.get(list);
    return mine === 'manage' || (mine === 'read' && given === 'read');
  });
}

/**
 * Acting on another user (changing or removing it, signing it out, reading or revoking its
 * tokens): 404 for no such user, 403 when it holds anything the caller does not.
 */
export async function assertActsOn(db: Db, access: Access, userId: number) {
  const holder = await loadAccess(db, userId);
  if (!holder) throw notFound();
  if (!isWithin(access, holder)) {
    throw forbidden(
      'This user holds permissions or lists you do not: only someone who holds them can change it.',
    );
  }
}
