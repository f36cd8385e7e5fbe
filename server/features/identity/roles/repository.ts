import { asc, eq } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  isBuiltInRole,
  type Permission,
} from '../../../../contract/permissions.js';
import type { Executor } from '../../../db/client.js';
import { roles, users } from '../../../db/schema/index.js';

export type RoleView = { name: string; permissions: string[]; built_in: boolean };

/** Built-in roles (contract/permissions.ts, read-only) and the custom ones of the `roles` table. */
export function rolesRepository(db: Executor) {
  return {
    async list(): Promise<RoleView[]> {
      const custom = await db.select().from(roles).orderBy(asc(roles.name));
      return [
        ...Object.entries(BUILT_IN_ROLES).map(([name, permissions]) => ({
          name,
          permissions: [...permissions],
          built_in: true,
        })),
        ...custom.map((r) => ({ name: r.name, permissions: r.permissions, built_in: false })),
      ];
    },

    async get(name: string): Promise<RoleView | undefined> {
      return (await this.list()).find((r) => r.name === name);
    },

    async exists(name: string) {
      return isBuiltInRole(name) || (await this.get(name)) !== undefined;
    },

    async create(name: string, permissions: Permission[]) {
      await db.insert(roles).values({ name, permissions });
    },

    async update(name: string, permissions: Permission[]): Promise<boolean> {
      const rows = await db
        .update(roles)
        .set({ permissions })
        .where(eq(roles.name, name))
        .returning({ name: roles.name });
      return rows.length > 0;
    },

    async inUse(name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, name))
        .limit(1);
      return row !== undefined;
    },

    async remove(name: string): Promise<boolean> {
      const rows = await db
        .delete(roles)
        .where(eq(roles.name, name))
        .returning({ name: roles.name });
      return rows.length > 0;
    },
  };
}
