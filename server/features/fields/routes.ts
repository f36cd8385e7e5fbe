import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { customFieldPatch, customFieldWrite } from '../../../contract/fields.js';
import type { Executor } from '../../db/client.js';
import { lists } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { fieldsRepository, type FieldScope } from './repository.js';
import { serializeField } from './serialize.js';
import { newFieldValues, patchedFieldValues } from './values.js';
import { p, scoped } from '../../lib/route-access.js';

// `/fields` has no list_id: its fields are the shared ones.
const params = z.object({ list_id: idParam.optional() });
// A name that is no slug names no field: 404, like a non-numeric id.
const nameParams = params.extend({ name: z.string().regex(/^[a-z][a-z0-9_-]*$/) });
const query = z.object(paginationQuery);

/**
 * Custom fields (extension, docs/decisions/api-choices.md): `/fields` shared by every list and
 * `/lists/{list_id}/fields` owned by one, with the same four operations on each.
 */
export async function fieldsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const resolve = async (tx: Executor, ids: { list_id?: number }): Promise<FieldScope> => {
    const scope = ids.list_id ?? null;
    if (scope !== null && !(await listExists(tx, scope))) throw notFound();
    return scope;
  };

  for (const path of ['/fields', '/lists/:list_id/fields']) {
    // Global fields span every list's subscribers: changing one is for users who see them all.
    const write = path === '/fields' ? scoped('all-lists', 'lists:manage') : p('lists:manage');
    api.get(
      path,
      { config: { access: p('lists:read') }, schema: { params, querystring: query } },
      async (request) => {
        const scope = await resolve(db, request.params);
        const repo = fieldsRepository(db);
        return paginate(
          request,
          () => repo.count(scope),
          async ({ limit, offset }) => (await repo.page(scope, limit, offset)).map(serializeField),
        );
      },
    );

    api.post(
      path,
      { config: { access: write }, schema: { params, body: customFieldWrite } },
      async (request, reply) => {
        const field = await db.transaction(async (tx) => {
          const scope = await resolve(tx, request.params);
          const repo = fieldsRepository(tx);
          await repo.lockNames();
          const { name } = request.body;
          const clash = await repo.nameClash(scope, name);
          if (clash) {
            throw badRequest(
              'name',
              clash === 'shared' && scope !== null
                ? 'A shared field with this name exists.'
                : clash === 'list' && scope === null
                  ? 'A field of a list has this name.'
                  : 'A field with this name already exists.',
            );
          }
          return repo.create(scope, name, newFieldValues(request.body));
        });
        return reply.code(201).send(serializeField(field));
      },
    );

    api.patch(
      `${path}/:name`,
      { config: { access: write }, schema: { params: nameParams, body: customFieldPatch } },
      async (request) =>
        db.transaction(async (tx) => {
          const repo = fieldsRepository(tx);
          const existing = await repo.get(await resolve(tx, request.params), request.params.name);
          if (!existing) throw notFound();
          const values = patchedFieldValues(existing, request.body);
          const row = Object.keys(values).length
            ? await repo.update(existing.id, values)
            : existing;
          return serializeField(row);
        }),
    );

    api.delete(
      `${path}/:name`,
      { config: { access: write }, schema: { params: nameParams } },
      async (request, reply) => {
        await db.transaction(async (tx) => {
          const repo = fieldsRepository(tx);
          const existing = await repo.get(await resolve(tx, request.params), request.params.name);
          if (!existing) throw notFound();
          await repo.delete(existing);
        });
        return reply.code(204).send();
      },
    );
  }
}

async function listExists(db: Executor, listId: number) {
  const rows = await db.select({ id: lists.id }).from(lists).where(eq(lists.id, listId));
  return rows.length > 0;
}
