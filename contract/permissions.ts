import { z } from 'zod';
import { DASHBOARD_LOCALES } from './dashboard-locales.js';

/**
 * Roles and permissions (extension, issue 29, docs/decisions/roles-and-access.md). A role is a named set
 * of permissions; the server checks one (or more) on every /api/v1 route, the SPA reads the
 * caller's set from GET /api/v1/me to hide what it may not do. `…:read` permissions only
 * read; every other one writes (and, on a list the user may only read, is refused).
 */
export const PERMISSIONS = [
  'lists:read',
  'lists:manage',
  'subscribers:read',
  'subscribers:manage',
  'imports:run',
  'segments:read',
  'segments:manage',
  'campaigns:read',
  'campaigns:manage',
  'mailings:read',
  'mailings:manage',
  'mailings:send',
  'statistics:read',
  'automations:read',
  'automations:manage',
  'users:manage',
  'settings:manage',
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isReadPermission = (permission: Permission) => permission.endsWith(':read');

const READS = PERMISSIONS.filter(isReadPermission);

/** The built-in roles: read-only, copied to make an editable one. */
export const BUILT_IN_ROLES: Readonly<Record<string, readonly Permission[]>> = {
  admin: PERMISSIONS,
  marketer: PERMISSIONS.filter(
    (p) => !['users:manage', 'settings:manage', 'webhooks:manage'].includes(p),
  ),
  support: ['lists:read', 'subscribers:read', 'subscribers:manage'],
  analyst: READS,
};
export const DEFAULT_ROLE = 'admin';

export const isBuiltInRole = (name: string) => Object.hasOwn(BUILT_IN_ROLES, name);

export const ROLE_NAME_MAX = 50;
export const roleName = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(ROLE_NAME_MAX)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lowercase letters, digits, "-" and "_".');

const permissionList = z
  .array(z.enum(PERMISSIONS, { error: 'Not a known permission.' }))
  .max(PERMISSIONS.length * 2)
  .transform((list) => PERMISSIONS.filter((p) => list.includes(p)));

export const roleCreate = z.strictObject({ name: roleName, permissions: permissionList });
export const roleUpdate = z.strictObject({ permissions: permissionList });
export type RoleCreate = z.input<typeof roleCreate>;

export const role = z.looseObject({
  name: z.string(),
  permissions: z.array(z.string()),
  built_in: z.boolean(),
});
export type Role = z.infer<typeof role>;

export const LIST_ACCESS = ['read', 'manage'] as const;
export type ListAccess = (typeof LIST_ACCESS)[number];

/** `null`: every list; otherwise only these (other lists do not exist for the user). */
const listGrants = z
  .array(z.strictObject({ list: z.number().int().positive(), access: z.enum(LIST_ACCESS) }))
  .max(10_000)
  .nullable();

export const USERNAME_MAX = 254;
export const PASSWORD_MIN = 8;
const username = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(USERNAME_MAX)
  .refine((v) => v.includes('@'), 'Enter a valid email address.');
const password = z
  .string()
  .min(PASSWORD_MIN, `Ensure this field has at least ${PASSWORD_MIN} characters.`)
  .max(1024);

export const userCreate = z.strictObject({
  username,
  password: password.optional(),
  role: z.string().min(1).default(DEFAULT_ROLE),
  lists: listGrants.default(null),
  active: z.boolean().default(true),
});
export type UserCreate = z.input<typeof userCreate>;

export const userUpdate = z.strictObject({
  role: z.string().min(1).optional(),
  lists: listGrants.optional(),
  active: z.boolean().optional(),
  password: password.optional(),
});
export type UserUpdate = z.input<typeof userUpdate>;

export const user = z.looseObject({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  lists: z.array(z.looseObject({ list: z.number(), access: z.enum(LIST_ACCESS) })).nullable(),
  active: z.boolean(),
  two_factor: z.boolean(),
});
export type User = z.infer<typeof user>;

/**
 * GET /api/v1/me: the caller as the SPA needs it to build its menus, and the language the
 * dashboard speaks to them (issue 55: their choice, else their browser's; absent from
 * servers before it).
 */
export const me = user.extend({
  permissions: z.array(z.string()),
  locale: z.enum(DASHBOARD_LOCALES).optional(),
});
export type Me = z.infer<typeof me>;

/** PATCH /api/v1/me: what a user changes about themselves. */
export const meUpdate = z.strictObject({ locale: z.enum(DASHBOARD_LOCALES) });
export type MeUpdate = z.infer<typeof meUpdate>;

export const TOKEN_NAME_MAX = 100;
export const tokenCreate = z.strictObject({
  name: z.string().trim().min(1, 'This field may not be blank.').max(TOKEN_NAME_MAX),
  /** ISO 8601; null or absent: the token does not expire. */
  expires: z.iso
    .datetime({ offset: true, error: 'Enter a valid date/time.' })
    .nullable()
    .default(null),
});
export type TokenCreate = z.input<typeof tokenCreate>;

export const apiToken = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  expires: z.string().nullable(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** POST answers the token itself, once. */
export const createdToken = apiToken.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdToken>;
