import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { userTokens } from '../../../db/schema/index.js';
import { hashSessionToken, newSessionToken } from '../../../lib/browser-sessions.js';

export type UserTokenKind = 'invitation' | 'reset' | 'challenge';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TTL_MS = 30 * 60_000;

/**
 * Single-use, expiring secrets for a user (migration 0016). The token (256 random bits,
 * base64url, as session tokens) is returned once; only its SHA-256 is stored.
 */
export function userTokensRepository(db: Executor) {
  return {
    /** A new token; earlier unused ones of the same kind for the user stop working. */
    async issue(
      kind: UserTokenKind,
      userId: number,
      ttlMs: number,
      now: Date,
      createdBy: number | null = null,
    ) {
      await db
        .delete(userTokens)
        .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)));
      const token = newSessionToken();
      const [row] = await db
        .insert(userTokens)
        .values({
          kind,
          userId,
          createdBy,
          tokenHash: hashSessionToken(token),
          createDatetime: now,
          expireDatetime: new Date(now.getTime() + ttlMs),
        })
        .returning();
      return { token, row: row! };
    },

    /** A new secret and expiry for the same row (a resent invitation keeps its id). */
    async renew(id: number, ttlMs: number, now: Date) {
      const token = newSessionToken();
      await db
        .update(userTokens)
        .set({
          tokenHash: hashSessionToken(token),
          expireDatetime: new Date(now.getTime() + ttlMs),
          sentDatetime: null,
        })
        .where(eq(userTokens.id, id));
      return token;
    },

    /** The live (unused, unexpired) token's row, without using it up. */
    async peek(kind: UserTokenKind, token: string, now: Date) {
      const [row] = await db
        .select()
        .from(userTokens)
        .where(live(kind, token, now));
      return row;
    },

    /** Uses the token up, atomically: of two concurrent uses exactly one gets the row. */
    async consume(kind: UserTokenKind, token: string, now: Date) {
      const [row] = await db
        .update(userTokens)
        .set({ usedDatetime: now })
        .where(live(kind, token, now))
        .returning();
      return row;
    },
  };
}

const live = (kind: UserTokenKind, token: string, now: Date) =>
  and(
    eq(userTokens.tokenHash, hashSessionToken(token)),
    eq(userTokens.kind, kind),
    isNull(userTokens.usedDatetime),
    gt(userTokens.expireDatetime, now),
  );
