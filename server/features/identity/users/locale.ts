import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DASHBOARD_LOCALES,
  isDashboardLocale,
  type DashboardLocale,
} from '../../../../contract/dashboard-locales.js';
import type { Executor } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { negotiateLocale } from '../../../lib/locale.js';

/**
 * A user's dashboard language (issue 55): what they chose, else what the browser of the
 * request asks for among the dashboard's languages. System mails to them use it too.
 */
export const browserLocale = (request: FastifyRequest | undefined): DashboardLocale => {
  const negotiated = negotiateLocale(request?.headers['accept-language'], DASHBOARD_LOCALES);
  return isDashboardLocale(negotiated) ? negotiated : 'en';
};

/** The language a user saved, or null. */
export async function savedLocale(db: Executor, userId: number): Promise<DashboardLocale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isDashboardLocale(row?.locale) ? row.locale : null;
}

export const saveLocale = (db: Executor, userId: number, locale: DashboardLocale) =>
  db.update(users).set({ locale }).where(eq(users.id, userId));

/** The language of the signed-in caller: saved, else their browser's. */
export const callerLocale = async (db: Executor, request: FastifyRequest) =>
  (await savedLocale(db, request.user.id)) ?? browserLocale(request);
