import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { newPassword, type PasswordResetLink } from '../../../../contract/account.js';
import { isDashboardLocale } from '../../../../contract/dashboard-locales.js';
import { users } from '../../../db/schema/index.js';
import { assertActsOn } from '../access/ceiling.js';
import { HttpError, notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { mailTexts } from '../mail/mail-texts.js';
import { sendLinkMail, systemMailerOf } from '../mail/system-mail.js';
import { browserLocale } from '../users/locale.js';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { linkGone } from '../invitations/routes.js';
import { PENDING_PASSWORD_HASH } from '../users/accounts.js';
import { setPasswordFromLink } from '../links/set-password.js';
import { RESET_TTL_MS, userTokensRepository } from '../links/user-tokens.js';
import { p } from '../../../lib/route-access.js';

export type ResetRouteOptions = RouteOptions & {
  /** Requests per username and address, and per username; tests pass their own clock. */
  resetThrottle?: FailedAttemptThrottle;
};

const ACCEPTED = {
  detail: 'If this address belongs to a user, a link to reset the password is on its way.',
};
const tokenParams = z.object({ token: z.string().max(100) });

/**
 * Forgotten passwords (extension, issue 29 part 3), public (`config.public`). The request is
 * answered 202 with one body before anything is looked up: the lookup and the mail happen
 * after the answer, so neither the answer nor its timing tells whether the address exists.
 * Five requests per username and address in 15 minutes (and 20 per username in an hour),
 * counted alike for unknown addresses, then 429.
 *
 * And `POST /users/{id}/password-reset` (users:manage, issue 49): the same mail, and the link
 * in the answer for the admin to pass on, since the Outbox never shows it.
 */
export async function resetRoutes(app: FastifyInstance, options: ResetRouteOptions) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const throttle =
    options.resetThrottle ??
    new FailedAttemptThrottle(
      Date.now,
      { limit: 5, windowMs: 15 * 60_000 },
      { limit: 20, windowMs: 60 * 60_000 },
    );

  // Mails still being sent when the server stops are waited for.
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  /**
   * A new reset link for `user` (earlier ones stop working), mailed to them: the link, and
   * why the mail was not sent if it was not.
   */
  async function issueReset(
    user: { id: number; username: string; locale: string | null },
    request: FastifyRequest,
    by: number | null = null,
  ) {
    const { token } = await userTokensRepository(db).issue(
      'reset',
      user.id,
      RESET_TTL_MS,
      new Date(),
      by,
    );
    const mailer = systemMailerOf(app);
    const url = `${mailer.baseUrl()}/password-reset/${token}`;
    // The user's language, else the asking browser's (on the sign-in page, usually theirs).
    const locale = isDashboardLocale(user.locale) ? user.locale : browserLocale(request);
    const notSent = await sendLinkMail(mailer, {
      to: user.username,
      locale,
      ...mailTexts(locale).reset(user.username),
      path: `/password-reset/${token}`,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    return { url, notSent };
  }

  async function mailReset(username: string, request: FastifyRequest) {
    const [user] = await db
      .select({ id: users.id, username: users.username, locale: users.locale })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          ne(users.passwordHash, PENDING_PASSWORD_HASH),
        ),
      );
    const notSent = user && (await issueReset(user, request)).notSent;
    if (notSent) throw notSent;
  }

  api.post(
    '/password-reset',
    // Any string: a malformed address gets the same answer as an unknown one.
    {
      schema: { body: z.object({ username: z.string().trim().min(1).max(254) }) },
      config: { public: true },
    },
    async (request, reply) => {
      const { username } = request.body;
      const wait = throttle.retryAfter(username, request.ip);
      if (wait > 0) {
        throw new HttpError(
          429,
          { detail: `Request was throttled. Expected available in ${wait} seconds.` },
          { 'retry-after': String(wait) },
        );
      }
      throttle.recordFailure(username, request.ip);
      const mailing = mailReset(username, request)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'))
        .finally(() => inFlight.delete(mailing));
      inFlight.add(mailing);
      return reply.code(202).send(ACCEPTED);
    },
  );

  api.post(
    '/password-reset/:token',
    {
      schema: { params: tokenParams, body: z.object({ password: newPassword }) },
      config: { public: true },
    },
    async (request) => {
      const username = await db.transaction(async (tx) => {
        const used = await userTokensRepository(tx).consume(
          'reset',
          request.params.token,
          new Date(),
        );
        if (!used) return undefined;
        const [user] = await tx
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, used.userId));
        await setPasswordFromLink(tx, used.userId, request.body.password);
        return user?.username;
      });
      if (!username) throw linkGone();
      return { username };
    },
  );

  api.post(
    '/users/:id/password-reset',
    { config: { access: p('users:manage') }, schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      const [user] = await db
        .select({
          id: users.id,
          username: users.username,
          locale: users.locale,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, request.params.id));
      if (!user) throw notFound();
      // Whoever sets a user's password can become that user: only within one's own (403).
      await assertActsOn(db, request.access, user.id);
      if (user.passwordHash === PENDING_PASSWORD_HASH) {
        throw new HttpError(409, {
          detail: `${user.username} has not accepted the invitation yet: resend the invitation instead.`,
        });
      }
      const { url, notSent } = await issueReset(user, request, request.user.id);
      // Not mailed (the SMTP server refused): the admin still has the link to pass on.
      if (notSent) request.log.error({ err: notSent }, 'password reset mail failed');
      const answer: PasswordResetLink = { password_reset_url: url };
      return reply.code(201).send(answer);
    },
  );
}
