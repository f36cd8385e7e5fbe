import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isBuiltInRole, roleCreate, roleUpdate } from '../../../../contract/permissions.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { badRequest, HttpError, notFound } from '../../../lib/http-errors.js';
import type { RouteOptions } from '../../../lib/route-options.js';
import { assertRoleWithin } from '../access/ceiling.js';
import { rolesRepository } from './repository.js';
import { p } from '../../../lib/route-access.js';

const params = z.object({ name: z.string().max(100) });
const builtIn = (name: string) =>
  new HttpError(403, {
    detail: `"${name}" is a built-in role and cannot be changed; create a copy instead.`,
  });

/** GET/POST /api/v1/roles, PATCH/DELETE /api/v1/roles/{name} (extension, issue 29). */
export async function rolesRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = rolesRepository(db);

  api.get('/roles', { config: { access: p('users:manage') } }, async () => repo.list());

  api.post(
    '/roles',
    { config: { access: p('users:manage') }, schema: { body: roleCreate } },
    async (request, reply) => {
      const { name, permissions } = request.body;
      assertRoleWithin(request.access, name, permissions);
      const taken = () => badRequest('name', 'A role with this name already exists.');
      if (isBuiltInRole(name)) throw taken();
      try {
        await repo.create(name, permissions);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return reply.code(201).send(await repo.get(name));
    },
  );

  api.patch(
    '/roles/:name',
    { config: { access: p('users:manage') }, schema: { params, body: roleUpdate } },
    async (request) => {
      const { name } = request.params;
      if (isBuiltInRole(name)) throw builtIn(name);
      const current = await repo.get(name);
      if (!current) throw notFound();
      // Neither what the role holds now nor what it would hold may exceed the caller's own.
      assertRoleWithin(request.access, name, [...current.permissions, ...request.body.permissions]);
      if (!(await repo.update(name, request.body.permissions))) throw notFound();
      return repo.get(name);
    },
  );

  api.delete(
    '/roles/:name',
    { config: { access: p('users:manage') }, schema: { params } },
    async (request, reply) => {
      const { name } = request.params;
      if (isBuiltInRole(name)) throw builtIn(name);
      const current = await repo.get(name);
      if (!current) throw notFound();
      assertRoleWithin(request.access, name, current.permissions);
      if (await repo.inUse(name)) {
        throw new HttpError(409, {
          detail: 'This role is given to users: give them another first.',
        });
      }
      if (!(await repo.remove(name))) throw notFound();
      return reply.code(204).send();
    },
  );
}
