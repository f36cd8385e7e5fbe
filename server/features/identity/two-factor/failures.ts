import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { twoFactorFailures as failures } from '../../../db/schema/index.js';

/** Wrong attempts in a row that cost nothing: typos, an authenticator a step off. */
export const FREE_ATTEMPTS = 5;
/** The wait after the last free attempt; it doubles with each further one, up to an hour. */
export const FIRST_WAIT_S = 30;
export const LONGEST_WAIT_S = 3600;
/** A long attack mails the user at most this often. */
const NOTICE_INTERVAL_MS = 3_600_000;

// The row being updated in ON CONFLICT, named in full: drizzle would leave it unqualified.
const count = sql.raw('"two_factor_failures"."failures"');
const lockedUntil = sql.raw('"two_factor_failures"."locked_until"');

/**
 * The per-user count of wrong second-factor attempts (migration 0027). In the database, so
 * every challenge and every replica shares one count; each step is a single statement.
 */
export function failuresRepository(db: Executor) {
  return {
    /**
     * Counts one attempt as wrong before it is checked (a right one is forgiven afterwards),
     * so parallel guesses cannot all pass before any of them is counted. From the
     * FREE_ATTEMPTS-th on, each count sets a doubling wait. While a wait lasts nothing is
     * counted and the answer is when it ends.
     */
    async claim(userId: number, now: Date): Promise<{ failures: number } | { waitUntil: Date }> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const next = sql`${count} + 1`;
      const [claimed] = await db
        .insert(failures)
        .values({ userId, failures: 1, lastFailure: now })
        .onConflictDoUpdate({
          target: failures.userId,
          set: {
            failures: next,
            lastFailure: now,
            lockedUntil: sql`CASE WHEN ${next} < ${FREE_ATTEMPTS} THEN NULL
              ELSE ${at} + make_interval(secs => least(
                ${FIRST_WAIT_S} * power(2, least(${next} - ${FREE_ATTEMPTS}, 12)),
                ${LONGEST_WAIT_S}))
              END`,
          },
          setWhere: or(isNull(lockedUntil), lte(lockedUntil, at)),
        })
        .returning({ failures: failures.failures });
      if (claimed) return { failures: claimed.failures };
      const [row] = await db
        .select({ lockedUntil: failures.lockedUntil })
        .from(failures)
        .where(eq(failures.userId, userId));
      return { waitUntil: row?.lockedUntil ?? now };
    },

    /** A right answer ends the streak (the time of the last notice stays). */
    async forgive(userId: number) {
      await db
        .update(failures)
        .set({ failures: 0, lockedUntil: null })
        .where(eq(failures.userId, userId));
    },

    /** True for the one caller that may mail a notice now (none in the past hour). */
    async claimNotice(userId: number, now: Date) {
      const rows = await db
        .update(failures)
        .set({ notified: now })
        .where(
          and(
            eq(failures.userId, userId),
            or(
              isNull(failures.notified),
              lte(failures.notified, new Date(now.getTime() - NOTICE_INTERVAL_MS)),
            ),
          ),
        )
        .returning({ userId: failures.userId });
      return rows.length > 0;
    },
  };
}
