import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailingOrderingFields, mailingWrite } from '../../../contract/mailings.js';
import { isUniqueViolation } from '../../db/errors.js';
import { mailings } from '../../db/schema/index.js';
import { visibleLists } from '../identity/index.js';
import { notFound } from '../../lib/http-errors.js';
import { parseOrdering } from '../../lib/ordering.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, orderingQuery, paginationQuery, queryFilter, queryInt } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { mailingsRepository } from './repository.js';
import { serializeMailing, serializeMailingSummary } from './serialize.js';
import { duplicateName, prepareLayouts, resolveMailing } from './values.js';
import { scoped } from '../../lib/route-access.js';
import type { Permission } from '../../../contract/permissions.js';

const orderingColumns = {
  id: mailings.id,
  name: mailings.name,
  campaign: mailings.campaign,
} satisfies Record<(typeof mailingOrderingFields)[number], unknown>;

const params = z.object({ id: idParam });

/** Deliveries come inside the variants of a new mailing: creating one with any is sending. */
const sendsDeliveries = (body: unknown): Permission[] => {
  const variants = (body as { variants?: unknown } | null)?.variants;
  const schedules =
    Array.isArray(variants) &&
    variants.some((v) => {
      const deliveries = (v as { deliveries?: unknown } | null)?.deliveries;
      return Array.isArray(deliveries) && deliveries.length > 0;
    });
  return schedules ? ['mailings:send'] : [];
};

export async function mailingsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = mailingsRepository(db);

  api.get(
    '/mailings',
    {
      config: { access: scoped('filtered', 'mailings:read') },
      schema: {
        querystring: z.object({
          list: queryFilter(queryInt),
          ...paginationQuery,
          ...orderingQuery,
        }),
      },
    },
    async (request) => {
      const { list } = request.query;
      const order = parseOrdering(request.query.ordering, orderingColumns, mailings.id);
      return paginate(
        request,
        () => repo.count(list, visibleLists(request)),
        async ({ limit, offset }) =>
          (await repo.page(list, order, limit, offset, visibleLists(request))).map(
            serializeMailingSummary,
          ),
      );
    },
  );

  api.post(
    '/mailings',
    {
      config: { access: { ...scoped('body-list', 'mailings:manage'), alsoNeeds: sendsDeliveries } },
      schema: { body: mailingWrite },
    },
    async (request, reply) => {
      const body = request.body;
      const layouts = await prepareLayouts(body);
      try {
        const mailing = await db.transaction(async (tx) => {
          const txRepo = mailingsRepository(tx);
          const list = await txRepo.listDefaults(body.list);
          const values = resolveMailing(
            body,
            layouts,
            list,
            await txRepo.nameTaken(body.name),
            request.user.id,
            await txRepo.references(body.list, body.campaign, body.segments ?? []),
            await txRepo.knownFields(body.list),
          );
          return txRepo.get(await txRepo.create(values));
        });
        return reply.code(201).send(serializeMailing(mailing!));
      } catch (error) {
        // Two requests with one name can both pass the check; the unique index decides.
        if (isUniqueViolation(error, 'mailings_name')) throw duplicateName();
        throw error;
      }
    },
  );

  api.get(
    '/mailings/:id',
    { config: { access: scoped('mailing', 'mailings:read') }, schema: { params } },
    async (request) => {
      const mailing = await repo.get(request.params.id);
      if (!mailing) throw notFound();
      return serializeMailing(mailing);
    },
  );

  api.delete(
    '/mailings/:id',
    { config: { access: scoped('mailing', 'mailings:manage') }, schema: { params } },
    async (request, reply) => {
      if (!(await repo.delete(request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
