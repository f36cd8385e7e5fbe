import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOrderingFields, listPatch, listWrite } from '../../../contract/lists.js';
import { lists } from '../../db/schema/index.js';
import { visibleLists } from '../identity/index.js';
import { notFound } from '../../lib/http-errors.js';
import { parseOrdering } from '../../lib/ordering.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, orderingQuery, paginationQuery } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { listsRepository } from './repository.js';
import { serializeList } from './serialize.js';
import { resolveListValues } from './values.js';
import { scoped } from '../../lib/route-access.js';

const orderingColumns = {
  id: lists.id,
  name: lists.name,
  create_datetime: lists.createDatetime,
  update_datetime: lists.updateDatetime,
} satisfies Record<(typeof listOrderingFields)[number], unknown>;

const params = z.object({ id: idParam });

export async function listsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = listsRepository(db);

  api.get(
    '/lists',
    {
      config: { access: scoped('filtered', 'lists:read') },
      schema: { querystring: z.object({ ...paginationQuery, ...orderingQuery }) },
    },
    async (request) => {
      const order = parseOrdering(request.query.ordering, orderingColumns, lists.id);
      const visible = visibleLists(request);
      return paginate(
        request,
        () => repo.count(visible),
        async ({ limit, offset }) =>
          (await repo.page(order, limit, offset, visible)).map(serializeList),
      );
    },
  );

  api.post(
    '/lists',
    { config: { access: scoped('all-lists', 'lists:manage') }, schema: { body: listWrite } },
    async (request, reply) => {
      const values = resolveListValues(request.body, undefined);
      const id = await repo.create({
        ...values,
        createUser: request.user.id,
        updateUser: request.user.id,
      });
      return reply.code(201).send(serializeList((await repo.get(id))!));
    },
  );

  api.get(
    '/lists/:id',
    { config: { access: scoped('id', 'lists:read') }, schema: { params } },
    async (request) => {
      const row = await repo.get(request.params.id);
      if (!row) throw notFound();
      return serializeList(row);
    },
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      '/lists/:id',
      {
        config: { access: scoped('id', 'lists:manage') },
        schema: { params, body: method === 'put' ? listWrite : listPatch },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const txRepo = listsRepository(tx);
          const existing = await txRepo.get(id);
          if (!existing) throw notFound();
          const values = resolveListValues(request.body, existing);
          await txRepo.update(id, { ...values, updateUser: request.user.id });
          return serializeList((await txRepo.get(id))!);
        });
      },
    );
  }

  api.delete(
    '/lists/:id',
    { config: { access: scoped('id', 'lists:manage') }, schema: { params } },
    async (request, reply) => {
      if (!(await repo.delete(request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
