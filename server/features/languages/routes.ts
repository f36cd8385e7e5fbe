import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate } from '../../lib/pagination.js';
import { paginationQuery } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { filterLanguages, languagesIn } from './catalog.js';
import { negotiateLocale } from '../../lib/locale.js';
import { p } from '../../lib/route-access.js';

const query = z.object({
  ...paginationQuery,
  code: z.string().optional(),
  search: z.string().optional(),
});

export async function languagesRoutes(app: FastifyInstance, _options: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/languages',
    { config: { access: p() }, schema: { querystring: query } },
    async (request, reply) => {
      const locale = negotiateLocale(request.headers['accept-language']);
      reply.header('vary', 'Accept-Language').header('content-language', locale);
      const matches = filterLanguages(languagesIn(locale), request.query);
      return paginate(request, matches.length, async ({ limit, offset }) =>
        matches.slice(offset, offset + limit).map(({ code, name }) => ({ code, name })),
      );
    },
  );
}
