import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticCollections } from '../../../contract/statistics.js';
import { visibleLists } from '../identity/index.js';
import { paginate } from '../../lib/pagination.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { pageQuery, seriesQuery, topUrlsQuery } from './filters.js';
import { statisticsRepository } from './repository.js';
import { serializeBucket, serializeRecord } from './serialize.js';
import { scoped } from '../../lib/route-access.js';

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
}
