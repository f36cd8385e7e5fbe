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
import { request } from './client';

export type { ApiToken, CreatedToken, Role, RoleCreate, TokenCreate, User, UserCreate, UserUpdate };

/** Users, roles and API tokens (extensions, issue 29); only screens for admins call them. */
export const getUsers = (signal?: AbortSignal) => request<User[]>('/users', { signal });
export const createUser = (body: UserCreate) => request<User>('/users', { method: 'POST', body });
export const updateUser = (id: number, body: UserUpdate) =>
  request<User>(`/users/${id}`, { method: 'PATCH', body });

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
