import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { paginationQuery } from '../../lib/query.js';
import { negotiateLocale } from '../../lib/locale.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { filterRegions, regionDetail, regionIndex } from './catalog.js';
import { p } from '../../lib/route-access.js';

const query = z.object({
  ...paginationQuery,
  code: z.string().optional(),
  search: z.string().optional(),
});

const params = z.object({ code: z.string() });

export async function regionsRoutes(app: FastifyInstance, _options: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/regions',
    { config: { access: p() }, schema: { querystring: query } },
    async (request, reply) => {
      const locale = negotiateLocale(request.headers['accept-language']);
      reply.header('vary', 'Accept-Language').header('content-language', locale);
      const matches = filterRegions(regionIndex(locale), request.query);
      return paginate(request, matches.length, async ({ limit, offset }) =>
        matches.slice(offset, offset + limit).map(({ code, name }) => ({ code, name })),
      );
    },
  );

  api.get(
    '/regions/:code',
    { config: { access: p() }, schema: { params } },
    async (request, reply) => {
      const locale = negotiateLocale(request.headers['accept-language']);
      reply.header('vary', 'Accept-Language').header('content-language', locale);
      const detail = regionDetail(regionIndex(locale), request.params.code);
      if (!detail) throw notFound();
      return detail;
    },
  );
}
