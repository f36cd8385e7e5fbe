import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { sessions, users, userTokens } from '../../../db/schema/index.js';
import { hashPassword } from '../sign-in/password.js';

/**
 * Sets a user's password from a mailed link: every session of the user ends (as with
 * `npm run users -- passwd`), and every other link of theirs stops working.
 */
export async function setPasswordFromLink(db: Executor, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), ne(userTokens.kind, 'challenge')));
}
