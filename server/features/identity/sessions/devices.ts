import { and, desc, eq, gt } from 'drizzle-orm';
import type { ActiveSession } from '../../../../contract/account.js';
import type { Executor } from '../../../db/client.js';
import { sessions } from '../../../db/schema/index.js';
import { hashSessionToken, type SessionLifetime } from '../../../lib/browser-sessions.js';

/**
 * A short name for a User-Agent ("Firefox on Linux"), enough to tell one's own devices
 * apart on the Security screen; unknown agents are shown as they came, cut short.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/curl\//, 'curl'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? null;
  const os =
    [
      [/iPhone|iPad/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? null;
  if (browser && os) return `${browser as string} on ${os as string}`;
  return (browser as string | null) ?? userAgent.slice(0, 60);
}

/** A user's live sessions, newest use first; `current` marks the one asking. */
export async function activeSessions(
  db: Executor,
  userId: number,
  currentToken: string | undefined,
  now: Date,
  lifetime: SessionLifetime,
): Promise<ActiveSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expireDatetime, now),
        gt(sessions.lastUsedDatetime, new Date(now.getTime() - lifetime.idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastUsedDatetime), desc(sessions.id));
  const current = currentToken ? hashSessionToken(currentToken) : undefined;
  return rows.map((r) => ({
    id: r.id,
    device: deviceName(r.userAgent),
    address: r.address,
    create_datetime: r.createDatetime.toISOString(),
    last_used_datetime: r.lastUsedDatetime.toISOString(),
    current: r.tokenHash === current,
  }));
}

/** Ends one session of the user; false when it is not theirs (or not there). */
export async function endSession(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of a user (an admin's act). */
export async function endAllSessions(db: Executor, userId: number) {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}
