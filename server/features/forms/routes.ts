import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formStatsQuery, formWrite } from '../../../contract/forms.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import { scoped } from '../../lib/route-access.js';
import { visibleLists } from '../identity/index.js';
import { forgetForm } from './form-cache.js';
import { formsRepository } from './repository.js';

const params = z.object({ id: idParam });
const DAY_MS = 86_400_000;
const sinceOf = (days = 30) => new Date(Date.now() - days * DAY_MS);

/** The lists a caller may change (null: every list): a form is written only on those. */
function manageableLists(request: FastifyRequest): number[] | null {
  const lists = request.access.lists;
  if (!lists) return null;
  return [...lists].filter(([, access]) => access === 'manage').map(([id]) => id);
}

/**
 * Sign-up forms (extension, issue 50) with `lists:manage`. A form belongs to the lists it
 * offers: a user limited to some lists sees the forms whose lists are all its own (others
 * are 404) and writes only forms of lists it may manage.
 */
export async function formsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = formsRepository(db);
  const access = { access: scoped('filtered', 'lists:manage') };

  const existing = async (request: FastifyRequest, id: number) => {
    const row = await repo.get(id, visibleLists(request));
    if (!row) throw notFound();
    return row;
  };
  const checkLists = async (request: FastifyRequest, lists: number[]) => {
    const unknown = await repo.unknownLists(lists, visibleLists(request));
    if (unknown.length > 0)
      throw badRequest(
        'lists',
        ...unknown.map((id) => `Invalid pk "${id}" - object does not exist.`),
      );
    const manageable = manageableLists(request);
    if (manageable && lists.some((id) => !manageable.includes(id)))
      throw badRequest('lists', 'You may only read some of these lists.');
  };
  /** Writes need every list the form offers now to be the caller's to manage. */
  const checkWritable = (request: FastifyRequest, lists: number[]) => {
    const manageable = manageableLists(request);
    if (manageable && lists.some((id) => !manageable.includes(id))) throw notFound();
  };

  api.get(
    '/forms',
    {
      config: access,
      schema: { querystring: z.object({ ...paginationQuery, ...formStatsQuery }) },
    },
    async (request) => {
      const scope = visibleLists(request);
      const since = sinceOf(request.query.days);
      return paginate(
        request,
        () => repo.count(scope),
        async ({ limit, offset }) => repo.withStats(await repo.page(limit, offset, scope), since),
      );
    },
  );

  api.post('/forms', { config: access, schema: { body: formWrite } }, async (request, reply) => {
    await checkLists(request, request.body.lists);
    const row = await repo.create(request.body);
    forgetForm(db, row.id);
    const [form] = await repo.withStats([row], sinceOf());
    return reply.code(201).send(form);
  });

  api.get(
    '/forms/:id',
    { config: access, schema: { params, querystring: z.object(formStatsQuery) } },
    async (request) => {
      const row = await existing(request, request.params.id);
      return (await repo.withStats([row], sinceOf(request.query.days)))[0];
    },
  );

  api.patch(
    '/forms/:id',
    { config: access, schema: { params, body: formWrite.partial() } },
    async (request) => {
      const row = await existing(request, request.params.id);
      checkWritable(request, row.lists);
      if (request.body.lists !== undefined) await checkLists(request, request.body.lists);
      const updated = await repo.update(row.id, request.body);
      forgetForm(db, row.id);
      if (!updated) throw notFound();
      return (await repo.withStats([updated], sinceOf()))[0];
    },
  );

  api.delete('/forms/:id', { config: access, schema: { params } }, async (request, reply) => {
    const row = await existing(request, request.params.id);
    checkWritable(request, row.lists);
    await repo.delete(row.id);
    forgetForm(db, row.id);
    return reply.code(204).send();
  });
}
