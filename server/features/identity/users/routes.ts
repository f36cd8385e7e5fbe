import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ROLE, userCreate, userUpdate } from '../../../../contract/permissions.js';
import type { Executor } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { assertActsOn, assertListsWithin, assertRoleWithin } from '../access/ceiling.js';
import { badRequest, HttpError, notFound } from '../../../lib/http-errors.js';
import { idParam } from '../../../lib/query.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { accountsRepository, type AccountChanges } from './accounts.js';
import { hashPassword } from '../sign-in/password.js';
import { rolesRepository } from '../roles/repository.js';
import { p } from '../../../lib/route-access.js';
import type { DashboardLocale } from '../../../../contract/dashboard-locales.js';
import { callerLocale } from './locale.js';

const params = z.object({ id: idParam });

/**
 * Creating a user without a password is inviting them by mail (invitations/, composed in
 * identity's index.ts); without it that is a 400 on `password`. Answers the new user's id
 * and the invitation's link, which the answer carries for the admin to pass on (issue 49).
 */
export type Invite = (
  username: string,
  changes: AccountChanges,
  invitedBy: number,
  locale: DashboardLocale,
) => Promise<{ user: number; invitation_url: string }>;

/** Users (extension, issue 29, docs/decisions/roles-and-access.md). */
export async function usersRoutes(
  app: FastifyInstance,
  options: RouteOptions & { invite?: Invite },
) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = accountsRepository(db);
  const roles = rolesRepository(db);

  /** 400s for a role that does not exist or lists that do not. */
  async function checkChanges(changes: AccountChanges) {
    if (changes.role !== undefined && !(await roles.exists(changes.role))) {
      throw badRequest('role', `Role "${changes.role}" does not exist.`);
    }
    const unknown = await accounts.unknownLists(changes.lists?.map((g) => g.list) ?? []);
    if (unknown.length > 0) {
      throw badRequest(
        'lists',
        ...unknown.map((id) => `Invalid pk "${id}" - object does not exist.`),
      );
    }
  }

  /**
   * The last active admin cannot be demoted, deactivated or removed: nobody could undo it.
   * Checked inside the transaction that writes, after `lockAdmins`, so concurrent changes
   * cannot each pass the check and together leave no admin.
   */
  async function keepAnAdmin(tx: Executor, id: number, change: 'role' | 'active' | 'remove') {
    const repo = accountsRepository(tx);
    const current = await repo.get(id);
    if (!current || current.role !== DEFAULT_ROLE || !current.active) return;
    if ((await repo.countActiveAdmins()) > 1) return;
    const what = { role: 'demoted', active: 'deactivated', remove: 'removed' }[change];
    throw new HttpError(409, { detail: `The last active admin cannot be ${what}.` });
  }

  /** The ceiling (access/ceiling.ts) for a role and lists the caller gives. */
  async function assertGivesWithin(request: FastifyRequest, changes: AccountChanges) {
    if (changes.role !== undefined) {
      const role = await roles.get(changes.role);
      if (role) assertRoleWithin(request.access, role.name, role.permissions);
    }
    if (changes.lists !== undefined) assertListsWithin(request.access, changes.lists);
  }

  api.get('/users', { config: { access: p('users:manage') } }, async () => accounts.list());

  api.post(
    '/users',
    { config: { access: p('users:manage') }, schema: { body: userCreate } },
    async (request, reply) => {
      const { username, password, ...changes } = request.body;
      await checkChanges(changes);
      await assertGivesWithin(request, changes);
      let id: number;
      let invitation: { invitation_url: string } | undefined;
      try {
        if (password !== undefined) id = await accounts.create(username, password, changes);
        else if (options.invite) {
          const invited = await options.invite(
            username,
            changes,
            request.user.id,
            await callerLocale(db, request),
          );
          id = invited.user;
          invitation = { invitation_url: invited.invitation_url };
        } else throw badRequest('password', 'This field is required.');
      } catch (error) {
        if (isUniqueViolation(error))
          throw badRequest('username', 'A user with that username already exists.');
        throw error;
      }
      return reply.code(201).send({ ...(await accounts.get(id)), ...invitation });
    },
  );

  api.get(
    '/users/:id',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request) => {
      return (await accounts.get(request.params.id)) ?? Promise.reject(notFound());
    },
  );

  api.patch(
    '/users/:id',
    { config: { access: p('users:manage') }, schema: { params, body: userUpdate } },
    async (request) => {
      const { id } = request.params;
      await assertActsOn(db, request.access, id);
      const changes = request.body;
      await checkChanges(changes);
      await assertGivesWithin(request, changes);
      // Hashed before the transaction: scrypt takes long and the lock would wait for it.
      const hashed =
        changes.password === undefined ? undefined : await hashPassword(changes.password);
      await db.transaction(async (tx) => {
        await accountsRepository(tx).lockAdmins();
        if (changes.role !== undefined && changes.role !== DEFAULT_ROLE)
          await keepAnAdmin(tx, id, 'role');
        if (changes.active === false) await keepAnAdmin(tx, id, 'active');
        await accountsRepository(tx).update(id, changes, hashed);
      });
      return accounts.get(id);
    },
  );

  api.delete(
    '/users/:id',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request, reply) => {
      const { id } = request.params;
      await assertActsOn(db, request.access, id);
      await db.transaction(async (tx) => {
        await accountsRepository(tx).lockAdmins();
        await keepAnAdmin(tx, id, 'remove');
        if (!(await accountsRepository(tx).remove(id))) throw notFound();
      });
      return reply.code(204).send();
    },
  );
}
