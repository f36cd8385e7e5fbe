import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookWrite } from '../../../contract/webhooks.js';
import { notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import type { Db } from '../../db/client.js';
import { serializeWebhook, webhooksRepository } from './repository.js';

const params = z.object({ id: idParam });
const ROTATION_GRACE_MS = 24 * 60 * 60_000;

/**
 * Outgoing webhook endpoints (extension, docs/architecture.md "Outgoing webhooks"). Admin-only: every signed-in
 * user is an admin until roles exist (then: a `webhooks:manage` permission).
 */
export async function webhooksRoutes(
  app: FastifyInstance,
  { db, wake }: { db: Db; wake: () => void },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = webhooksRepository(db);
  const existing = async (id: number) => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };

  api.get('/webhooks', { schema: { querystring: z.object(paginationQuery) } }, async (request) =>
    paginate(request, repo.count, async ({ limit, offset }) =>
      (await repo.page(limit, offset)).map((row) => serializeWebhook(row)),
    ),
  );

  api.post('/webhooks', { schema: { body: webhookWrite } }, async (request, reply) =>
    reply.code(201).send(serializeWebhook(await repo.create(request.body), true)),
  );

  api.get('/webhooks/:id', { schema: { params } }, async (request) =>
    serializeWebhook(await existing(request.params.id)),
  );

  api.patch(
    '/webhooks/:id',
    { schema: { params, body: webhookWrite.partial() } },
    async (request) => {
      await existing(request.params.id);
      const row = await repo.update(request.params.id, request.body);
      if (!row) throw notFound();
      return serializeWebhook(row);
    },
  );

  api.delete('/webhooks/:id', { schema: { params } }, async (request, reply) => {
    await existing(request.params.id);
    await repo.delete(request.params.id);
    return reply.code(204).send();
  });

  api.post('/webhooks/:id/rotate-secret', { schema: { params } }, async (request) => {
    await existing(request.params.id);
    return serializeWebhook(await repo.rotate(request.params.id, ROTATION_GRACE_MS), true);
  });

  api.get(
    '/webhooks/:id/attempts',
    { schema: { params, querystring: z.object(paginationQuery) } },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      return paginate(
        request,
        () => repo.attemptCount(id),
        ({ limit, offset }) => repo.attempts(id, limit, offset),
      );
    },
  );

  api.post('/webhooks/:id/test', { schema: { params } }, async (request, reply) => {
    await existing(request.params.id);
    const queued = await repo.test(request.params.id);
    wake();
    return reply.code(202).send(queued);
  });

  api.post(
    '/webhooks/:id/attempts/:attempt_id/replay',
    { schema: { params: z.object({ id: idParam, attempt_id: idParam }) } },
    async (request, reply) => {
      await existing(request.params.id);
      const queued = await repo.replay(request.params.id, request.params.attempt_id);
      if (!queued) throw notFound();
      wake();
      return reply.code(202).send(queued);
    },
  );
}
