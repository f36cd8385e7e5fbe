import { and, eq, gt, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { sessions, users } from '../../../db/schema/index.js';
import type { User } from '../users/repository.js';
import { hashSessionToken, type SessionLifetime } from '../../../lib/browser-sessions.js';

// The idle clock is refreshed at most this often, so reads do not each write a row.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Sessions in the database, so every replica accepts them and a sign-out or revocation
 * holds everywhere at once. Times come from the caller's clock (tests drive a fake one).
 */
export function sessionsRepository(db: Executor, lifetime: SessionLifetime) {
  const alive = (now: Date) =>
    and(
      gt(sessions.expireDatetime, now),
      gt(sessions.lastUsedDatetime, new Date(now.getTime() - lifetime.idleMs)),
    );
  return {
    async create(
      userId: number,
      token: string,
      now: Date,
      device: { userAgent: string; address: string } = { userAgent: '', address: '' },
    ) {
      // Expired rows of anyone are cleared here: sign-ins are rare, rows are few.
      await db
        .delete(sessions)
        .where(
          or(
            lte(sessions.expireDatetime, now),
            lte(sessions.lastUsedDatetime, new Date(now.getTime() - lifetime.idleMs)),
          ),
        );
      await db.insert(sessions).values({
        tokenHash: hashSessionToken(token),
        userId,
        createDatetime: now,
        lastUsedDatetime: now,
        expireDatetime: new Date(now.getTime() + lifetime.absoluteMs),
        userAgent: device.userAgent.slice(0, 500),
        address: device.address,
      });
    },

    /** The session's user when the token is known and neither idle nor past its end. */
    async use(token: string, now: Date): Promise<User | undefined> {
      const tokenHash = hashSessionToken(token);
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          lastUsed: sessions.lastUsedDatetime,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), alive(now)));
      if (!row) return undefined;
      if (now.getTime() - row.lastUsed.getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastUsedDatetime: now })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return { id: row.id, username: row.username };
    },

    async revoke(token: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    },
  };
}

/**
 * Ends every session of the user except `current` (the token of the browser asking, if it
 * asks with one): after a change of how the user signs in, a session opened before it must
 * sign in again. API tokens are not sessions and keep working.
 */
export async function endOtherSessions(db: Executor, userId: number, current?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        current ? ne(sessions.tokenHash, hashSessionToken(current)) : undefined,
      ),
    );
}
