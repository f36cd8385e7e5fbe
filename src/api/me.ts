import type { DashboardLocale } from '../../contract/dashboard-locales';
import type { Me, MeUpdate, Permission } from '../../contract/permissions';
import { extension, request } from './client';

export type { Me };

/**
 * The signed-in user with role, permissions and lists (extension, issue 29). Null where the
 * API lacks it (another deployment, proxy mode): the dashboard then shows everything, as
 * before roles existed, and the server still answers 403 to what it refuses.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const result = await extension('me', () => request<Me>('/me', { signal }));
  return result.supported ? result.data : null;
}

/**
 * Whether the dashboard offers what needs `permission`: yes without /me (proxy mode), no
 * while it is still loading (a button appears rather than vanishes).
 */
export function can(me: Me | null | undefined, permission: Permission, listId?: number): boolean {
  if (me === null) return true;
  if (!me?.permissions.includes(permission)) return false;
  // On a list the user may only read, only reading is offered.
  if (listId === undefined || me.lists === null || permission.endsWith(':read')) return true;
  return me.lists.some((grant) => grant.list === listId && grant.access === 'manage');
}

/** Saves the dashboard language the user picked (PATCH /api/v1/me, issue 55). */
export const saveLocale = (locale: DashboardLocale) =>
  request<Me>('/me', { method: 'PATCH', body: { locale } satisfies MeUpdate });
