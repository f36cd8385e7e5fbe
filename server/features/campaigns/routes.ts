import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignWrite, type Campaign } from '../../../contract/campaigns.js';
import { storableText } from '../../../contract/fields.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { visibleLists } from '../identity/index.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery, queryFilter } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { campaignsRepository, type CampaignRow } from './repository.js';
import { p, scoped } from '../../lib/route-access.js';

const params = z.object({ id: idParam });
const duplicate = () => badRequest('name', 'campaign with this name already exists.');
const serialize = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  description: row.description,
});

/** Campaigns (extension, docs/decisions/api-choices.md), ordered by name; `search` matches part of the name. */
export async function campaignsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = campaignsRepository(db);

  api.get(
    '/campaigns',
    {
      config: { access: p('campaigns:read') },
      schema: {
        querystring: z.object({
          ...paginationQuery,
          search: queryFilter(storableText().max(200)),
        }),
      },
    },
    async (request) => {
      const { search } = request.query;
      return paginate(
        request,
        () => repo.count(search),
        async ({ limit, offset }) => (await repo.page(search, limit, offset)).map(serialize),
      );
    },
  );

  // Campaigns are global: changing one spans every list's mailings.
  api.post(
    '/campaigns',
    {
      config: { access: scoped('all-lists', 'campaigns:manage') },
      schema: { body: campaignWrite },
    },
    async (request, reply) => {
      if (await repo.nameTaken(request.body.name)) throw duplicate();
      return reply.code(201).send(serialize(await repo.create(request.body, request.user.id)));
    },
  );

  api.get(
    '/campaigns/:id',
    { config: { access: p('campaigns:read') }, schema: { params } },
    async (request) => {
      const row = await repo.get(request.params.id);
      if (!row) throw notFound();
      return serialize(row);
    },
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      '/campaigns/:id',
      {
        config: { access: scoped('all-lists', 'campaigns:manage') },
        schema: { params, body: method === 'put' ? campaignWrite : campaignWrite.partial() },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await repo.get(id))) throw notFound();
        const { name } = request.body;
        if (name !== undefined && (await repo.nameTaken(name, id))) throw duplicate();
        const row = await repo.update(id, request.body, request.user.id);
        if (!row) throw notFound();
        return serialize(row);
      },
    );
  }

  // Extension: the campaign's mailings compared (statistics screen).
  api.get(
    '/campaigns/:id/mailings',
    {
      config: { access: scoped('filtered', 'campaigns:read', 'statistics:read') },
      schema: { params },
    },
    async (request) => {
      if (!(await repo.get(request.params.id))) throw notFound();
      return (await repo.comparison(request.params.id, visibleLists(request))).map(
        ({ id, ...rest }) => ({
          mailing: id,
          ...rest,
        }),
      );
    },
  );

  api.delete(
    '/campaigns/:id',
    { config: { access: scoped('all-lists', 'campaigns:manage') }, schema: { params } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await repo.get(id))) throw notFound();
      const users = await repo.usedBy(id);
      if (users.length) {
        const names = users.map((m) => `"${m.name}"`).join(', ');
        throw badRequest(
          'non_field_errors',
          `This campaign is used by mailings ${names}; it cannot be deleted.`,
        );
      }
      await repo.delete(id);
      return reply.code(204).send();
    },
  );
}
