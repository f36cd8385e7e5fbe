import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { apiTokens, users } from '../../../db/schema/index.js';
import type { User } from '../users/repository.js';

// `mbt_` and 32 random bytes (256 bits) in base64url: recognisable in a Basic password,
// and too much entropy for guessing, so a SHA-256 (not scrypt) is a safe stored form.
const PREFIX = 'mbt_';
const TOKEN = /^mbt_[A-Za-z0-9_-]{43}$/;
// last_used is written at most this often, so busy integrations do not write on every request.
const TOUCH_INTERVAL_MS = 60_000;

export const isApiToken = (password: string) => TOKEN.test(password);

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type TokenRow = {
  id: number;
  name: string;
  createDatetime: Date;
  expireDatetime: Date | null;
  lastUsedDatetime: Date | null;
};

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  createDatetime: apiTokens.createDatetime,
  expireDatetime: apiTokens.expireDatetime,
  lastUsedDatetime: apiTokens.lastUsedDatetime,
};

/** API tokens (issue 29): used as the Basic password, stored as a SHA-256. */
export function apiTokensRepository(db: Executor) {
  return {
    /** The token's user, when the token is the username's, unexpired and not revoked. */
    async use(
      username: string,
      token: string,
      now: Date,
    ): Promise<(User & { token: { id: number; name: string } }) | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          tokenId: apiTokens.id,
          tokenName: apiTokens.name,
          lastUsed: apiTokens.lastUsedDatetime,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(
          and(
            eq(apiTokens.tokenHash, hashToken(token)),
            eq(sql`lower(${users.username})`, username.toLowerCase()),
            or(isNull(apiTokens.expireDatetime), gt(apiTokens.expireDatetime, now)),
          ),
        );
      if (!row) return undefined;
      if (!row.lastUsed || now.getTime() - row.lastUsed.getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .update(apiTokens)
          .set({ lastUsedDatetime: now })
          .where(eq(apiTokens.id, row.tokenId));
      }
      return {
        id: row.id,
        username: row.username,
        token: { id: row.tokenId, name: row.tokenName },
      };
    },

    list: (userId: number): Promise<TokenRow[]> =>
      db
        .select(columns)
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(asc(apiTokens.id)),

    /** The new row and the token itself, which only this answer ever shows. */
    async create(userId: number, name: string, expires: Date | null) {
      const token = PREFIX + randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(apiTokens)
        .values({ userId, name, tokenHash: hashToken(token), expireDatetime: expires })
        .returning(columns);
      return { row: row!, token };
    },

    async revoke(userId: number, tokenId: number): Promise<boolean> {
      const rows = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
  };
}
