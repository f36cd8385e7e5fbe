import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  suppressionQuery,
  suppressionReasons,
  suppressionWrite,
} from '../../../contract/suppressions.js';
import type { Db } from '../../db/types.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { paginateByPosition } from '../../lib/pagination.js';
import { idParam, paginationQuery, positionQuery, queryFilter } from '../../lib/query.js';
import { scoped } from '../../lib/route-access.js';
import { suppressionList } from './list-repository.js';
import { suppressAddress, suppressDomain } from './repository.js';
import { suppressionCsvRoutes } from './csv-routes.js';

const params = z.object({ id: idParam });
const listQuery = z.object({
  ...paginationQuery,
  ...positionQuery,
  search: queryFilter(suppressionQuery.shape.search.unwrap()),
  reason: queryFilter(z.enum(suppressionReasons)),
});

/**
 * GET/POST /api/v1/suppressions, DELETE …/{id} (extension, issue 52). Reading is for those who
 * read subscribers; writing for those who manage subscribers of every list, as the list
 * applies to all of them (docs/decisions/suppressions.md).
 */
export async function suppressionsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = suppressionList(db);

  api.get(
    '/suppressions',
    {
      config: { access: scoped('all-lists', 'subscribers:read') },
      schema: { querystring: listQuery },
    },
    async (request) => {
      const filter = { search: request.query.search, reason: request.query.reason };
      return paginateByPosition(
        request,
        () => list.state(filter),
        (page) => list.page(filter, page),
      );
    },
  );

  api.post(
    '/suppressions',
    {
      config: { access: scoped('all-lists', 'subscribers:manage') },
      schema: { body: suppressionWrite },
    },
    async (request, reply) => {
      const { email, domain, reason } = request.body;
      const source = request.body.source || `api: ${request.user.username}`;
      const existing = await list.find({ email, domain });
      if (existing) return reply.code(200).send(existing);
      if (email !== undefined) await suppressAddress(db, { email, reason, source });
      else await suppressDomain(db, { domain: domain!, reason: 'manual', source });
      const created = await list.find({ email, domain });
      return reply.code(201).send(created);
    },
  );

  api.delete(
    '/suppressions/:id',
    { config: { access: scoped('all-lists', 'subscribers:manage') }, schema: { params } },
    async (request, reply) => {
      const entry = await list.get(request.params.id);
      if (!entry) throw notFound();
      // Only the person can lift an erasure, by a new opt-in of their own (issue 53).
      if (entry.reason === 'erased')
        throw new HttpError(400, {
          detail: 'An erased person’s entry is lifted only by their own new opt-in, not by hand.',
        });
      await list.remove(entry.id);
      return reply.code(204).send();
    },
  );

  await app.register(suppressionCsvRoutes, { db });
}
