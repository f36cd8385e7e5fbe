import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { isDashboardLocale } from '../../../../contract/dashboard-locales.js';
import { mailMoment, mailTexts } from '../mail/mail-texts.js';
import { users } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-errors.js';
import { sendNoticeMail, systemMailerOf } from '../mail/system-mail.js';
import { FREE_ATTEMPTS, failuresRepository } from './failures.js';

/** Which part of an attempt was wrong; the answer names that field. */
export type WrongPart = 'password' | 'code';
const WRONG: Record<WrongPart, string> = {
  password: 'The password is not correct.',
  code: 'The code is not correct.',
};

const mustWait = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    { detail: `Too many wrong codes. Try again in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );
};

/**
 * The one limit on second-factor attempts (issue 49), for the sign-in challenge and for
 * turning two-factor off: wrong attempts are counted per user in the database, the first
 * FREE_ATTEMPTS in a row are free, then each attempt waits a doubling delay and is refused
 * with 429 while it lasts, even with the right code, so guessing gains nothing. When the
 * wait first engages (and at most hourly after) the user is told by mail.
 */
export function secondFactorGuard(app: FastifyInstance, db: Db) {
  const counts = failuresRepository(db);
  // Notices still being sent when the server stops are waited for.
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  async function mailNotice(userId: number, address: string, now: Date) {
    const [user] = await db
      .select({ username: users.username, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    // The user's language, never the request's: that browser may be the attacker's.
    const locale = isDashboardLocale(user.locale) ? user.locale : 'en';
    // No link: a security notice that links somewhere teaches users to follow such links.
    await sendNoticeMail(systemMailerOf(app), {
      to: user.username,
      locale,
      ...mailTexts(locale).secondFactorNotice(user.username, mailMoment(locale, now), address),
    });
  }

  /**
   * One attempt for `userId`: 429 while the user must wait; otherwise `check` runs and
   * names the wrong part (400 naming that field), or nothing when all was right, which
   * ends the streak.
   */
  return async function attempt(
    request: FastifyRequest,
    userId: number,
    now: Date,
    check: () => Promise<WrongPart | undefined>,
  ) {
    const claimed = await counts.claim(userId, now);
    if ('waitUntil' in claimed) throw mustWait(claimed.waitUntil, now);
    const wrong = await check();
    if (!wrong) {
      await counts.forgive(userId);
      return;
    }
    if (claimed.failures >= FREE_ATTEMPTS && (await counts.claimNotice(userId, now))) {
      const sending = mailNotice(userId, request.ip, now)
        .catch((error: unknown) => request.log.error({ err: error }, 'two-factor notice failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    throw new HttpError(400, { [wrong]: [WRONG[wrong]] });
  };
}
