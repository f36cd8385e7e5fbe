import type {
  ApiToken,
  CreatedToken,
  Role,
  RoleCreate,
  TokenCreate,
  User,
  UserCreate,
  UserUpdate,
} from '../../contract/permissions';
import type { PasswordResetLink } from '../../contract/account';
import { request } from './client';

export type { ApiToken, CreatedToken, Role, RoleCreate, TokenCreate, User, UserCreate, UserUpdate };
export type { PasswordResetLink };
/** Created without a password, the user is invited: the answer carries the link to pass on. */
export type CreatedUser = User & { invitation_url?: string };

/** Users, roles and API tokens (extensions, issue 29); only screens for admins call them. */
export const getUsers = (signal?: AbortSignal) => request<User[]>('/users', { signal });
export const createUser = (body: UserCreate) =>
  request<CreatedUser>('/users', { method: 'POST', body });
export const updateUser = (id: number, body: UserUpdate) =>
  request<User>(`/users/${id}`, { method: 'PATCH', body });
/** A new reset link for the user (also mailed to them), for the admin to pass on. */
export const createPasswordReset = (id: number) =>
  request<PasswordResetLink>(`/users/${id}/password-reset`, { method: 'POST' });

export const getRoles = (signal?: AbortSignal) => request<Role[]>('/roles', { signal });
export const createRole = (body: RoleCreate) => request<Role>('/roles', { method: 'POST', body });
export const deleteRole = (name: string) =>
  request(`/roles/${encodeURIComponent(name)}`, { method: 'DELETE' });

export const getTokens = (userId: number, signal?: AbortSignal) =>
  request<ApiToken[]>(`/users/${userId}/tokens`, { signal });
export const createToken = (userId: number, body: TokenCreate) =>
  request<CreatedToken>(`/users/${userId}/tokens`, { method: 'POST', body });
export const revokeToken = (userId: number, tokenId: number) =>
  request(`/users/${userId}/tokens/${tokenId}`, { method: 'DELETE' });
