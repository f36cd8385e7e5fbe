import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newPassword, usernameField } from '../../../../contract/account.js';
import { BUILT_IN_ROLES, DEFAULT_ROLE } from '../../../../contract/permissions.js';
import type { Access } from '../access/access.js';
import { assertActsOn, assertListsWithin, assertRoleWithin } from '../access/ceiling.js';
import { HttpError, notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { systemMailerOf } from '../mail/system-mail.js';
import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import {
  getInvitation,
  inviteUser,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations.js';
import { PENDING_PASSWORD_HASH } from '../users/accounts.js';
import { callerLocale } from '../users/locale.js';
import { setPasswordFromLink } from '../links/set-password.js';
import { userTokensRepository } from '../links/user-tokens.js';
import { p } from '../../../lib/route-access.js';

const params = z.object({ id: idParam });
const tokenParams = z.object({ token: z.string().max(100) });
/** One answer for unknown, used and expired links: the page says the same for all. */
export const linkGone = () =>
  new HttpError(404, { detail: 'This link is invalid, used or expired.' });

/**
 * Invitations (extension, issue 29 part 3). Admin routes: invite, list, resend, revoke.
 * Public routes (the link in the mail, `config.public`): look the invitation up, and
 * accept it with a password.
 */
export async function invitationRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mailer = () => systemMailerOf(app);

  api.get('/invitations', { config: { access: p('users:manage') } }, async () =>
    listInvitations(db, new Date()),
  );

  api.post(
    '/invitations',
    {
      config: { access: p('users:manage') },
      schema: { body: z.object({ username: usernameField }) },
    },
    async (request, reply) => {
      // The invited user gets the default role on every list: only its holders invite so.
      assertRoleWithin(request.access, DEFAULT_ROLE, BUILT_IN_ROLES[DEFAULT_ROLE]!);
      assertListsWithin(request.access, null);
      const invitation = await inviteUser(db, mailer(), {
        username: request.body.username,
        invitedBy: request.user.id,
        locale: await callerLocale(db, request),
      });
      return reply.code(201).send(invitation);
    },
  );

  api.get(
    '/invitations/:id',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request) => {
      const invitation = await getInvitation(db, request.params.id, new Date());
      if (!invitation) throw notFound();
      return invitation;
    },
  );

  /** A new link signs in as the invited user: only within the caller's ceiling, like a reset. */
  async function assertActsOnInvited(access: Access, id: number) {
    const invitation = await getInvitation(db, id, new Date());
    if (!invitation) throw notFound();
    await assertActsOn(db, access, invitation.user);
  }

  api.post(
    '/invitations/:id/resend',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request) => {
      await assertActsOnInvited(request.access, request.params.id);
      return resendInvitation(
        db,
        mailer(),
        request.params.id,
        new Date(),
        await callerLocale(db, request),
      );
    },
  );

  api.delete(
    '/invitations/:id',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request, reply) => {
      await assertActsOnInvited(request.access, request.params.id);
      await revokeInvitation(db, request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/invitation/:token',
    { schema: { params: tokenParams }, config: { public: true } },
    async (request) => {
      const live = await userTokensRepository(db).peek(
        'invitation',
        request.params.token,
        new Date(),
      );
      const invitation = live && (await getInvitation(db, live.id, new Date()));
      if (!invitation) throw linkGone();
      return { username: invitation.username };
    },
  );

  api.post(
    '/invitation/:token',
    {
      schema: { params: tokenParams, body: z.object({ password: newPassword }) },
      config: { public: true },
    },
    async (request) => {
      const invitation = await db.transaction(async (tx) => {
        const used = await userTokensRepository(tx).consume(
          'invitation',
          request.params.token,
          new Date(),
        );
        const [user] = used
          ? await tx
              .select({ id: users.id, username: users.username })
              .from(users)
              .where(and(eq(users.id, used.userId), eq(users.passwordHash, PENDING_PASSWORD_HASH)))
          : [];
        if (!user) return undefined;
        await setPasswordFromLink(tx, user.id, request.body.password);
        return user;
      });
      if (!invitation) throw linkGone();
      return { username: invitation.username };
    },
  );
}
