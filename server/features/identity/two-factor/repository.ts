import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recoveryCodes, twoFactor, twoFactorRequiredRoles } from '../../../db/schema/index.js';
import { acceptedCounter, hashRecoveryCode, newRecoveryCodes } from './totp.js';

/** Today every user is an admin; with roles (issue 29 part 1) `users.role` decides. */
const DEFAULT_ROLE = 'admin';

export function twoFactorRepository(db: Executor) {
  return {
    async enrolled(userId: number) {
      const [row] = await db
        .select({ userId: twoFactor.userId })
        .from(twoFactor)
        .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmDatetime)));
      return Boolean(row);
    },

    /** Starts (or restarts) an enrolment; it counts once `confirm` has seen a code. */
    async begin(userId: number, secret: string) {
      await db
        .insert(twoFactor)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secret, lastCounter: 0 },
          where: isNull(twoFactor.confirmDatetime),
        });
    },

    /** Confirms a started enrolment with a code; returns fresh recovery codes, or null. */
    async confirm(userId: number, code: string, now: Date) {
      const [row] = await db
        .select()
        .from(twoFactor)
        .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.confirmDatetime)));
      if (!row) return null;
      const counter = acceptedCounter(row.secret, code, row.lastCounter, now.getTime());
      if (counter === null) return null;
      await db
        .update(twoFactor)
        .set({ confirmDatetime: now, lastCounter: counter })
        .where(eq(twoFactor.userId, userId));
      const codes = newRecoveryCodes();
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
      return codes;
    },

    /**
     * A code from the authenticator (each time step once) or an unused recovery code (used
     * up now). Concurrent uses of one code: the conditional UPDATEs let one through.
     */
    async verify(userId: number, code: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select()
        .from(twoFactor)
        .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmDatetime)));
      if (!row) return false;
      const counter = acceptedCounter(row.secret, code, row.lastCounter, now.getTime());
      if (counter !== null) {
        const moved = await db
          .update(twoFactor)
          .set({ lastCounter: counter })
          .where(and(eq(twoFactor.userId, userId), sql`${twoFactor.lastCounter} < ${counter}`))
          .returning({ userId: twoFactor.userId });
        return moved.length > 0;
      }
      const used = await db
        .update(recoveryCodes)
        .set({ usedDatetime: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
            isNull(recoveryCodes.usedDatetime),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return used.length > 0;
    },

    async remainingRecoveryCodes(userId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedDatetime)));
      return row?.n ?? 0;
    },

    async disable(userId: number) {
      await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    async requiredRoles(): Promise<string[]> {
      const rows = await db
        .select({ role: twoFactorRequiredRoles.role })
        .from(twoFactorRequiredRoles)
        .orderBy(twoFactorRequiredRoles.role);
      return rows.map((r) => r.role);
    },

    async setRequiredRoles(roles: string[]) {
      await db.delete(twoFactorRequiredRoles);
      if (roles.length > 0)
        await db.insert(twoFactorRequiredRoles).values(roles.map((role) => ({ role })));
    },

    /**
     * Whether the user's role requires a second factor. The role is read through `to_jsonb`
     * so this works with and without the `users.role` column of the roles work.
     */
    async required(userId: number) {
      const result = (await db.execute(
        sql`SELECT EXISTS (
              SELECT 1 FROM users u JOIN two_factor_required_roles r
                ON r.role = coalesce(to_jsonb(u) ->> 'role', ${DEFAULT_ROLE})
               WHERE u.id = ${userId}) AS required`,
      )) as unknown as { rows: { required: boolean }[] };
      return result.rows[0]?.required ?? false;
    },
  };
}
