import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookWrite } from '../../../contract/webhooks.js';
import { visibleLists } from '../identity/index.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import type { Db } from '../../db/client.js';
import { serializeWebhook, webhooksRepository } from './repository.js';
import { p } from '../../lib/route-access.js';

const params = z.object({ id: idParam });
const ROTATION_GRACE_MS = 24 * 60 * 60_000;
const LIMITED = 'Your access is limited to some lists: choose the lists this endpoint receives.';

/**
 * Outgoing webhook endpoints (extension, docs/architecture.md "Outgoing webhooks"), with
 * `webhooks:manage`. An endpoint receives the events of its `lists` (null: every list). A user
 * limited to some lists sees only endpoints whose lists are all its own (others are 404) and
 * names lists of its own when it creates or changes one (issue 49).
 */
export async function webhooksRoutes(
  app: FastifyInstance,
  { db, wake }: { db: Db; wake: () => void },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = webhooksRepository(db);
  /** The endpoint, if the caller may see it: else 404, as if it did not exist. */
  const existing = async (request: FastifyRequest, id: number) => {
    const row = await repo.get(id, visibleLists(request));
    if (!row) throw notFound();
    return row;
  };
  /** 400 unless the lists exist and are the caller's; a limited caller must name some. */
  const checkLists = async (request: FastifyRequest, lists: number[] | null | undefined) => {
    const scope = visibleLists(request);
    if (lists === undefined || lists === null) {
      if (scope !== null) throw badRequest('lists', LIMITED);
      return;
    }
    const unknown = await repo.unknownLists(lists, scope);
    if (unknown.length > 0)
      throw badRequest(
        'lists',
        ...unknown.map((id) => `Invalid pk "${id}" - object does not exist.`),
      );
  };

  api.get(
    '/webhooks',
    {
      config: { access: p('webhooks:manage') },
      schema: { querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const scope = visibleLists(request);
      return paginate(
        request,
        () => repo.count(scope),
        async ({ limit, offset }) =>
          (await repo.page(limit, offset, scope)).map((row) => serializeWebhook(row)),
      );
    },
  );

  api.post(
    '/webhooks',
    { config: { access: p('webhooks:manage') }, schema: { body: webhookWrite } },
    async (request, reply) => {
      await checkLists(request, request.body.lists);
      return reply.code(201).send(serializeWebhook(await repo.create(request.body), true));
    },
  );

  api.get(
    '/webhooks/:id',
    { config: { access: p('webhooks:manage') }, schema: { params } },
    async (request) => serializeWebhook(await existing(request, request.params.id)),
  );

  api.patch(
    '/webhooks/:id',
    { config: { access: p('webhooks:manage') }, schema: { params, body: webhookWrite.partial() } },
    async (request) => {
      await existing(request, request.params.id);
      if (request.body.lists !== undefined) await checkLists(request, request.body.lists);
      const row = await repo.update(request.params.id, request.body);
      if (!row) throw notFound();
      return serializeWebhook(row);
    },
  );

  api.delete(
    '/webhooks/:id',
    { config: { access: p('webhooks:manage') }, schema: { params } },
    async (request, reply) => {
      await existing(request, request.params.id);
      await repo.delete(request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/webhooks/:id/rotate-secret',
    { config: { access: p('webhooks:manage') }, schema: { params } },
    async (request) => {
      await existing(request, request.params.id);
      return serializeWebhook(await repo.rotate(request.params.id, ROTATION_GRACE_MS), true);
    },
  );

  api.get(
    '/webhooks/:id/attempts',
    {
      config: { access: p('webhooks:manage') },
      schema: { params, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const { id } = request.params;
      await existing(request, request.params.id);
      const scope = visibleLists(request);
      return paginate(
        request,
        () => repo.attemptCount(id, scope),
        ({ limit, offset }) => repo.attempts(id, limit, offset, scope),
      );
    },
  );

  api.post(
    '/webhooks/:id/test',
    { config: { access: p('webhooks:manage') }, schema: { params } },
    async (request, reply) => {
      await existing(request, request.params.id);
      const queued = await repo.test(request.params.id);
      wake();
      return reply.code(202).send(queued);
    },
  );

  api.post(
    '/webhooks/:id/attempts/:attempt_id/replay',
    {
      config: { access: p('webhooks:manage') },
      schema: { params: z.object({ id: idParam, attempt_id: idParam }) },
    },
    async (request, reply) => {
      await existing(request, request.params.id);
      const { id, attempt_id } = request.params;
      const queued = await repo.replay(id, attempt_id, visibleLists(request));
      if (!queued) throw notFound();
      wake();
      return reply.code(202).send(queued);
    },
  );
}
