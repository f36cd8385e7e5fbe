import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPasswordReset,
  createRole,
  createToken,
  createUser,
  deleteRole,
  getRoles,
  getTokens,
  getUsers,
  revokeToken,
  updateUser,
  type RoleCreate,
  type TokenCreate,
  type UserCreate,
  type UserUpdate,
} from '../../api/users';
import { meQuery } from '../../api/shared-queries';

export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getUsers(signal),
    }),
  roles: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'roles'] as const,
      queryFn: ({ signal }) => getRoles(signal),
    }),
  tokens: (userId: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'tokens', userId] as const,
      queryFn: ({ signal }) => getTokens(userId, signal),
    }),
};

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A change of one's own role changes the menus too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueries.all() }),
        queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
      ]),
  });
}

export const useCreateUser = () => useInvalidating((body: UserCreate) => createUser(body));
export const useUpdateUser = () =>
  useInvalidating(({ id, body }: { id: number; body: UserUpdate }) => updateUser(id, body));
/** Changes nothing shown: a link for the admin, and a mail to the user. */
export const useCreatePasswordReset = () => useMutation({ mutationFn: createPasswordReset });
export const useCreateRole = () => useInvalidating((body: RoleCreate) => createRole(body));
export const useDeleteRole = () => useInvalidating((name: string) => deleteRole(name));

export function useCreateToken(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenCreate) => createToken(userId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userQueries.tokens(userId).queryKey }),
  });
}

export function useRevokeToken(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => revokeToken(userId, tokenId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userQueries.tokens(userId).queryKey }),
  });
}
