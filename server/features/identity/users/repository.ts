import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { sessions, users } from '../../../db/schema/index.js';
import { hashPassword, verifyPassword } from '../sign-in/password.js';

export type User = { id: number; username: string };

export function usersRepository(db: Executor) {
  return {
    async findByUsername(username: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
      return row;
    },
    async list(): Promise<(User & { createDatetime: Date; role: string })[]> {
      return db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          createDatetime: users.createDatetime,
        })
        .from(users)
        .orderBy(asc(users.id));
    },
    async create(username: string, password: string): Promise<User> {
      const [row] = await db
        .insert(users)
        .values({ username, passwordHash: await hashPassword(password) })
        .returning({ id: users.id, username: users.username });
      return row!;
    },
    /** Returns false when no such user exists. */
    async setPassword(username: string, password: string): Promise<boolean> {
      return this.setHash(username, await hashPassword(password));
    },
    /** A new password ends every session of the user (docs/decisions/api-choices.md), on every replica. */
    async setHash(username: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash })
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .returning({ id: users.id });
      if (rows.length > 0) await db.delete(sessions).where(eq(sessions.userId, rows[0]!.id));
      return rows.length > 0;
    },
    /** Removes the user; its sessions go with it (foreign key), its audit columns go null. */
    async remove(username: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    /**
     * Creates the user, or resets the password when it exists and differs (ADMIN_* at
     * start). The same password is left alone, so restarting a replica with ADMIN_PASSWORD
     * does not sign the admin out everywhere.
     */
    async ensure(username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
      const existing = await this.findByUsername(username);
      if (existing && (await verifyPassword(password, existing.passwordHash))) return 'unchanged';
      const passwordHash = await hashPassword(password);
      if (await this.setHash(username, passwordHash)) return 'updated';
      await db.insert(users).values({ username, passwordHash });
      return 'created';
    },
  };
}
