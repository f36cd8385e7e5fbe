import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseZipDataUri } from '../../../contract/mailings.js';
import { templateProblems } from '../../../contract/personalization.js';
import { templateWrite, type Template, type TemplateSummary } from '../../../contract/templates.js';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.js';
import { visibleLists } from '../identity/index.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery, queryFilter, queryInt } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { templatesRepository, type TemplateRow } from './repository.js';
import { p, scoped } from '../../lib/route-access.js';

const params = z.object({ id: idParam });
const ZIP_PREFIX = 'data:application/zip;charset=utf-8;base64,';

const summary = (
  row: Pick<TemplateRow, 'id' | 'name' | 'listId' | 'createDatetime'>,
): TemplateSummary => ({
  id: row.id,
  name: row.name,
  list: row.listId,
  create_datetime: row.createDatetime.toISOString(),
});

/**
 * Templates (extension, docs/decisions/block-editor.md): `GET/POST /templates` (`list` filter: a
 * list's own and the global ones), `GET/DELETE /templates/{id}`.
 */
export async function templatesRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per request: a caller limited to some lists sees the global templates and its lists' only.
  const repoFor = (request: FastifyRequest) => templatesRepository(db, visibleLists(request));

  api.get(
    '/templates',
    {
      config: { access: scoped('filtered', 'mailings:read') },
      schema: { querystring: z.object({ list: queryFilter(queryInt), ...paginationQuery }) },
    },
    async (request) => {
      const { list } = request.query;
      const repo = repoFor(request);
      return paginate(
        request,
        () => repo.count(list),
        async ({ limit, offset }) => (await repo.page(list, limit, offset)).map(summary),
      );
    },
  );

  api.post(
    '/templates',
    { config: { access: scoped('body-list', 'mailings:manage') }, schema: { body: templateWrite } },
    async (request, reply) => {
      const { name, list, layout } = request.body;
      const repo = repoFor(request);
      // A template for every list would reach lists this caller does not have.
      if (list == null && request.access.lists !== null) {
        throw new HttpError(403, {
          detail: 'Your access is limited to some lists: save the template for one of them.',
        });
      }
      if (list != null && !(await repo.listExists(list))) {
        throw badRequest('list', `Invalid pk "${list}" - object does not exist.`);
      }
      // Field names are checked when a mailing uses the template (its list decides which
      // exist); malformed tags are refused here already.
      const malformed = templateProblems(layout.text ?? '', []).filter(
        (p) => !p.message.includes('names no field'),
      );
      if (malformed.length) throw badRequest({ layout: { text: malformed.map((p) => p.message) } });
      const zip = layout.zip_file ? parseZipDataUri(layout.zip_file) : undefined;
      const row = await repo.create({
        name,
        listId: list ?? null,
        text: layout.text ?? '',
        zip: zip?.ok ? Buffer.from(zip.base64, 'base64') : null,
        createUser: request.user.id,
      });
      return reply.code(201).send(serialize(row));
    },
  );

  api.get(
    '/templates/:id',
    { config: { access: p('mailings:read') }, schema: { params } },
    async (request) => {
      const row = await repoFor(request).get(request.params.id);
      if (!row) throw notFound();
      return serialize(row);
    },
  );

  api.delete(
    '/templates/:id',
    { config: { access: p('mailings:manage') }, schema: { params } },
    async (request, reply) => {
      const repo = repoFor(request);
      const row = await repo.get(request.params.id);
      if (!row) throw notFound();
      const access = row.listId === null ? undefined : request.access.lists?.get(row.listId);
      if (access === 'read') throw new HttpError(403, { detail: 'You may only read this list.' });
      if (request.access.lists !== null && row.listId === null) {
        throw new HttpError(403, {
          detail:
            'Your access is limited to some lists: a template for every list is not yours to delete.',
        });
      }
      if (!(await repo.delete(request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}

function serialize(row: TemplateRow): Template {
  return {
    ...summary(row),
    layout: {
      text: row.text,
      zip_file: row.zip ? ZIP_PREFIX + Buffer.from(row.zip).toString('base64') : null,
    },
  };
}
