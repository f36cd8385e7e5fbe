import { useQuery } from '@tanstack/react-query';
import type { Permission } from '../../contract/permissions';
import { can } from '../api/me';
import { meQuery } from '../api/shared-queries';

/**
 * Whether the signed-in user's role allows `permission` (GET /api/v1/me; all without it),
 * on list `listId` when given (a list granted for reading allows no change).
 */
export function useCan(permission: Permission, listId?: number): boolean {
  const { data } = useQuery(meQuery());
  return can(data, permission, listId);
}
