import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classFilters, statisticCollections } from '../../../contract/statistics.js';
import { z } from 'zod';
import { reclassifyHits } from '../sending/index.js';
import { queryFilter, queryInt } from '../../lib/query.js';
import { clickMap } from './click-map.js';
import { clientsReport } from './clients.js';
import { notFound } from '../../lib/http-errors.js';
import { visibleLists } from '../identity/index.js';
import { paginate } from '../../lib/pagination.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { pageQuery, seriesQuery, topUrlsQuery } from './filters.js';
import { statisticsRepository } from './repository.js';
import { serializeBucket, serializeRecord } from './serialize.js';
import { p, scoped } from '../../lib/route-access.js';

/**
 * GET /statistics/{opens|clicks|bounces} (spec), plus the chart extensions of docs/decisions/api-choices.md:
 * …/{kind}/series and …/clicks/urls, taking the same filters, and the complaints (issue 52).
 */
export async function statisticsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = statisticsRepository(db);

  for (const kind of statisticCollections) {
    api.get(
      `/statistics/${kind}`,
      {
        config: { access: scoped('filtered', 'statistics:read') },
        schema: { querystring: pageQuery(kind) },
      },
      async (request) => {
        const filters = { ...request.query, lists: visibleLists(request) };
        return paginate(
          request,
          () => repo.count(kind, filters),
          async ({ limit, offset }) =>
            (await repo.page(kind, filters, limit, offset)).map((row) =>
              serializeRecord(kind, row),
            ),
        );
      },
    );

    api.get(
      `/statistics/${kind}/series`,
      {
        config: { access: scoped('filtered', 'statistics:read') },
        schema: { querystring: seriesQuery(kind) },
      },
      async (request) => {
        const { interval, ...filters } = request.query;
        const visible = { ...filters, lists: visibleLists(request) };
        return (await repo.series(kind, visible, interval)).map(serializeBucket);
      },
    );
  }

  api.get(
    '/statistics/clicks/urls',
    {
      config: { access: scoped('filtered', 'statistics:read') },
      schema: { querystring: topUrlsQuery },
    },
    async (request) => {
      const { limit, ...filters } = request.query;
      return (await repo.topUrls({ ...filters, lists: visibleLists(request) }, limit)).map(
        (row) => ({
          url: row.url,
          count: Number(row.n),
        }),
      );
    },
  );

  api.get(
    '/statistics/clients',
    {
      config: { access: scoped('filtered', 'statistics:read') },
      schema: {
        querystring: z.object({
          mailing: queryInt,
          class: queryFilter(z.enum(classFilters)),
        }),
      },
    },
    async (request) =>
      clientsReport(db, request.query.mailing, request.query.class ?? 'all', visibleLists(request)),
  );

  // One variant's layout with each link's clicks, by position (issue 51's click map).
  api.get(
    '/statistics/click-map',
    {
      config: { access: scoped('filtered', 'statistics:read') },
      schema: {
        querystring: z.object({ mailing: queryInt, variant: queryInt.optional() }),
      },
    },
    async (request) => {
      const { mailing, variant } = request.query;
      const map = await clickMap(db, mailing, variant, visibleLists(request));
      if (!map) throw notFound();
      return map;
    },
  );

  // Recomputes every open's and click's class with the current rules (issue 51 item 6);
  // admins only, and the audit log records it as for every write.
  api.post('/statistics/reclassify', { config: { access: p('settings:manage') } }, async () =>
    reclassifyHits(db),
  );
}
