import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  segmentPreviewRequest,
  segmentWrite,
  type SegmentFilter,
} from '../../../contract/segments.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import { fieldsRepository } from '../fields/index.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { serializeSubscriber, subscribersRepository } from '../subscribers/index.js';
import { checkFilter } from './check-filter.js';
import { segmentsRepository, type SegmentRow } from './repository.js';
import { serializeSegment } from './serialize.js';
import { p } from '../../lib/route-access.js';

const path = '/lists/:list_id/segments';
const listParams = z.object({ list_id: idParam });
const itemParams = z.object({ list_id: idParam, id: idParam });
const duplicate = () => badRequest('name', 'segment with this name already exists in this list.');

/** Segments of a list (extension, docs/decisions/api-choices.md): CRUD, live counts, members and a preview. */
export async function segmentsRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = segmentsRepository(db);

  /** The list's custom fields, or 404 when there is no such list. */
  const fieldsOf = async (listId: number, executor: Executor = db) => {
    if (!(await subscribersRepository(executor).list(listId))) throw notFound();
    return fieldsRepository(executor).forList(listId);
  };
  const withCount = async (row: SegmentRow) =>
    serializeSegment(
      row,
      await repo.memberCount(row.listId, row.filter, await fieldsOf(row.listId)),
    );
  const found = async (listId: number, id: number) => {
    const row = await repo.get(listId, id);
    if (!row) throw notFound();
    return row;
  };

  api.get(
    path,
    {
      config: { access: p('segments:read') },
      schema: { params: listParams, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const listId = request.params.list_id;
      const fields = await fieldsOf(listId);
      return paginate(
        request,
        () => repo.count(listId),
        async ({ limit, offset }) => {
          const rows = await repo.page(listId, limit, offset);
          const out = [];
          for (const row of rows)
            out.push(serializeSegment(row, await repo.memberCount(listId, row.filter, fields)));
          return out;
        },
      );
    },
  );

  api.post(
    path,
    {
      config: { access: p('segments:manage') },
      schema: { params: listParams, body: segmentWrite },
    },
    async (request, reply) => {
      const listId = request.params.list_id;
      const { name, filter } = request.body;
      await checkFilter(db, listId, filter, await fieldsOf(listId));
      if (await repo.nameTaken(listId, name)) throw duplicate();
      const row = await repo.create(listId, { name, filter }, request.user.id);
      return reply.code(201).send(await withCount(row));
    },
  );

  // A filter not yet saved: its members paged like a collection (the builder's live preview,
  // and the people behind a chart before they are saved as a segment).
  api.post(
    `${path}/preview`,
    {
      // A preview writes nothing, but it answers whole subscribers: reading them is needed too.
      config: { access: p('segments:read', 'subscribers:read') },
      schema: {
        params: listParams,
        querystring: z.object(paginationQuery),
        body: segmentPreviewRequest,
      },
    },
    async (request) => {
      const listId = request.params.list_id;
      const fields = await fieldsOf(listId);
      const filter: SegmentFilter = request.body.filter;
      await checkFilter(db, listId, filter, fields);
      return paginate(
        request,
        () => repo.memberCount(listId, filter, fields),
        async ({ limit, offset }) =>
          (await repo.members(listId, filter, fields, limit, offset)).map((r) =>
            serializeSubscriber(r, fields),
          ),
      );
    },
  );

  api.get(
    `${path}/:id`,
    { config: { access: p('segments:read') }, schema: { params: itemParams } },
    async (request) => withCount(await found(request.params.list_id, request.params.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      `${path}/:id`,
      {
        config: { access: p('segments:manage') },
        schema: {
          params: itemParams,
          body: method === 'put' ? segmentWrite : segmentWrite.partial(),
        },
      },
      async (request) => {
        const { list_id: listId, id } = request.params;
        await found(listId, id);
        const { name, filter } = request.body;
        if (filter) await checkFilter(db, listId, filter, await fieldsOf(listId));
        if (name !== undefined && (await repo.nameTaken(listId, name, id))) throw duplicate();
        const row = await repo.update(
          listId,
          id,
          { ...(name === undefined ? {} : { name }), ...(filter ? { filter } : {}) },
          request.user.id,
        );
        if (!row) throw notFound();
        return withCount(row);
      },
    );
  }

  api.delete(
    `${path}/:id`,
    { config: { access: p('segments:manage') }, schema: { params: itemParams } },
    async (request, reply) => {
      const { list_id: listId, id } = request.params;
      await found(listId, id);
      const users = await repo.usedBy(id);
      if (users.length) {
        const names = users.map((m) => `"${m.name}"`).join(', ');
        throw badRequest(
          'non_field_errors',
          `This segment is used by mailings ${names}; it cannot be deleted.`,
        );
      }
      if (!(await repo.delete(listId, id))) throw notFound();
      return reply.code(204).send();
    },
  );

  api.get(
    `${path}/:id/subscribers`,
    {
      config: { access: p('segments:read', 'subscribers:read') },
      schema: { params: itemParams, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const { list_id: listId, id } = request.params;
      const fields = await fieldsOf(listId);
      const segment = await found(listId, id);
      return paginate(
        request,
        () => repo.memberCount(listId, segment.filter, fields),
        async ({ limit, offset }) =>
          (await repo.members(listId, segment.filter, fields, limit, offset)).map((r) =>
            serializeSubscriber(r, fields),
          ),
      );
    },
  );
}
