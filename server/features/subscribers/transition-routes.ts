import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activateBody, type SubscriptionState } from '../../../contract/subscribers.js';
import { requestActor } from '../../lib/actor.js';
import { badRequest, issuesToDrf, notFound } from '../../lib/http-errors.js';
import type { Db } from '../../db/client.js';
import { subscribersRepository } from './repository.js';
import { itemParams, itemPath as path } from './params.js';
import { p } from '../../lib/route-access.js';

/** State changes: soft DELETE, activate (with `confirm`) and unsubscribe. */
export function transitionRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = subscribersRepository(db);

  const change = async (
    request: FastifyRequest,
    listId: number,
    id: number,
    state: SubscriptionState,
  ) => {
    const row = await repo.setState(listId, id, state, requestActor(request));
    if (!row) throw notFound();
    return row.subscription;
  };

  // Soft: the record stays and `subscription=deleted` still finds it.
  api.delete(
    path,
    { config: { access: p('subscribers:manage') }, schema: { params: itemParams } },
    async (request, reply) => {
      const { list_id: listId, id } = request.params;
      await change(request, listId, id, 'deleted');
      return reply.code(204).send();
    },
  );

  /**
   * docs/decisions/api-choices.md: without `confirm` (or null) the list's process decides: `pending` on a
   * double-opt-in list, else `active`. On a double-opt-in list `confirm: true` activates and
   * `false` leaves it pending; a boolean on a list without opt-in is 400.
   */
  api.post(
    `${path}/activate`,
    { config: { access: p('subscribers:manage') }, schema: { params: itemParams } },
    async (request) => {
      const { list_id: listId, id } = request.params;
      const list = await repo.list(listId);
      if (!list || !(await repo.get(listId, id))) throw notFound();
      const body = activateBody.safeParse(request.body ?? {});
      if (!body.success) throw badRequest(issuesToDrf(body.error.issues));
      const { confirm } = body.data;
      if (confirm != null && !list.doubleOptIn)
        throw badRequest('confirm', 'This list has no opt-in process that confirm could override.');
      const state = list.doubleOptIn && confirm !== true ? 'pending' : 'active';
      return { status: await change(request, listId, id, state) };
    },
  );

  api.post(
    `${path}/unsubscribe`,
    { config: { access: p('subscribers:manage') }, schema: { params: itemParams } },
    async (request) => {
      const { list_id: listId, id } = request.params;
      return { status: await change(request, listId, id, 'unsubscribed') };
    },
  );
}
