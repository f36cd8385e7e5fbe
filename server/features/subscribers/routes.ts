import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../../contract/fields.js';
import { subscriberSearch, subscriptionState } from '../../../contract/subscribers.js';
import { subscribers } from '../../db/schema/index.js';
import { pgErrorCode } from '../../db/errors.js';
import { requestActor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { parseOrderingTerms } from '../../lib/ordering.js';
import { paginateByPosition, type Envelope } from '../../lib/pagination.js';
import { orderingQuery, paginationQuery, positionQuery } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { subscriberBodyParsers } from './body-parsers.js';
import { fieldsAt } from './list-fields.js';
import { describeSubscribers } from './introspection.js';
import { subscriberOrderColumns, subscribersRepository, type SubscriberRow } from './repository.js';
import { subscriberPage } from './pages.js';
import { subscriberPageInOneStatement } from './page-statement.js';
import { serializeSubscriber } from './serialize.js';
import { collectionParams, collectionPath as path, itemParams } from './params.js';
import { historyRoutes } from './history-routes.js';
import { peopleRoutes } from './people-routes.js';
import { transitionRoutes } from './transition-routes.js';
import { parseSubscriberWrite } from './validation.js';
import { p } from '../../lib/route-access.js';
import { suppressionMessage, suppressionOf } from '../suppressions/index.js';

/** The pagination envelope around results that are JSON text already. */
const envelopeJson = ({ count, next, previous, results }: Envelope<string>) =>
  `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${results.join(',')}]}`;

// An empty filter value means no filter, as with django-filter.
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const collectionQuery = z.object({
  ...paginationQuery,
  ...positionQuery,
  ...orderingQuery,
  subscription: z.preprocess(emptyAsAbsent, subscriptionState.optional()),
  email: z.preprocess(emptyAsAbsent, storableText().optional()),
  search: z.preprocess(emptyAsAbsent, subscriberSearch.optional()),
  // Extension (issue 50): `paused=true`, only subscribers whose mail is paused now.
  paused: z.preprocess(emptyAsAbsent, z.enum(['true', 'false']).optional()),
});

/** Subscribers of a list (spec: Subscribers; docs/decisions/api-choices.md). */
export async function subscribersRoutes(app: FastifyInstance, { db }: RouteOptions) {
  await subscriberBodyParsers(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = subscribersRepository(db);

  /** The list and its custom fields, or 404: one statement while the kept fields are current. */
  const listContext = async (listId: number) => {
    const list = await repo.listAndFieldsVersion(listId);
    if (!list) throw notFound();
    return { list, fields: await fieldsAt(db, listId, list.fieldsVersion) };
  };

  /**
   * An erased person is not added again by hand (issue 53); other suppressed addresses are
   * accepted, as the API stores what it is given, and sending skips them
   * (docs/decisions/suppressions.md).
   */
  const refuseErased = async (email: string) => {
    if ((await suppressionOf(db, email))?.reason === 'erased')
      throw badRequest('email', suppressionMessage('erased'));
  };

  const sendConflict = async (
    reply: FastifyReply,
    listId: number,
    email: string,
    ctx: Awaited<ReturnType<typeof listContext>>,
  ) => {
    const existing = await repo.findByEmail(listId, email);
    // Only a list deleted meanwhile takes the conflicting row away.
    if (!existing) throw notFound();
    return reply.code(409).send(serializeSubscriber(existing, ctx.fields));
  };

  api.get(
    path,
    {
      config: { access: p('subscribers:read') },
      schema: { params: collectionParams, querystring: collectionQuery },
    },
    async (request, reply) => {
      const { list_id: listId } = request.params;
      const { subscription: state, email, search, ordering, paused } = request.query;
      const filter = { state, email, search: search || undefined, paused: paused === 'true' };
      const json = (envelope: Envelope<string>) =>
        // The rows come as JSON text from the database (pages.ts): only the envelope is built here.
        reply.type('application/json; charset=utf-8').send(envelopeJson(envelope));
      const orderOf = () => parseOrderingTerms(ordering, subscriberOrderColumns, subscribers.id);
      // A bad ordering is answered below, after the list's 404 as before.
      const quick = await subscriberPageInOneStatement(db, request, listId, filter, orderOf);
      if (quick) return json(quick);
      const { fields } = await listContext(listId);
      const order = orderOf();
      const envelope = await paginateByPosition(
        request,
        async () => {
          // A change committed between these reads and the page's affects that page as it
          // would any offset paging; the next request sees the new version.
          const version = await repo.version(listId);
          return { total: await repo.count(listId, filter, version), version };
        },
        (page) => subscriberPage(db, listId, filter, order, page, fields),
      );
      return json(envelope);
    },
  );

  api.post(
    path,
    { config: { access: p('subscribers:manage') }, schema: { params: collectionParams } },
    async (request, reply) => {
      const { list_id: listId } = request.params;
      const ctx = await listContext(listId);
      const { columns, custom } = parseSubscriberWrite(request.body, ctx.list, ctx.fields, false);
      const email = columns.email!;
      await refuseErased(email);
      let row: SubscriberRow | undefined;
      try {
        row = await repo.create(
          {
            ...columns,
            email,
            custom,
            listId,
            subscription: ctx.list.doubleOptIn ? 'pending' : 'active',
          },
          requestActor(request),
        );
      } catch (error) {
        // The list was deleted between the lookup and the insert.
        if (pgErrorCode(error) === '23503') throw notFound();
        throw error;
      }
      if (!row) return sendConflict(reply, listId, email, ctx);
      return reply.code(201).send(serializeSubscriber(row, ctx.fields));
    },
  );

  api.options(
    path,
    { config: { access: p('subscribers:read') }, schema: { params: collectionParams } },
    async (request) => {
      const { list, fields } = await listContext(request.params.list_id);
      return describeSubscribers(list, fields);
    },
  );

  api.get(
    `${path}/:id`,
    { config: { access: p('subscribers:read') }, schema: { params: itemParams } },
    async (request) => {
      const { list_id: listId, id } = request.params;
      const { fields } = await listContext(listId);
      const row = await repo.get(listId, id);
      if (!row) throw notFound();
      return serializeSubscriber(row, fields);
    },
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      `${path}/:id`,
      { config: { access: p('subscribers:manage') }, schema: { params: itemParams } },
      async (request, reply) => {
        const { list_id: listId, id } = request.params;
        const ctx = await listContext(listId);
        const current = await repo.get(listId, id);
        if (!current) throw notFound();
        const { columns, custom } = parseSubscriberWrite(
          request.body,
          ctx.list,
          ctx.fields,
          method === 'patch',
        );
        if (columns.email !== undefined) {
          if (columns.email.toLowerCase() !== current.email.toLowerCase())
            await refuseErased(columns.email);
          const other = await repo.findByEmail(listId, columns.email);
          if (other && other.id !== id)
            return reply.code(409).send(serializeSubscriber(other, ctx.fields));
        }
        const row = await repo.update(listId, id, columns, custom, requestActor(request));
        if (row === 'conflict') return sendConflict(reply, listId, columns.email!, ctx);
        if (!row) throw notFound();
        return serializeSubscriber(row, ctx.fields);
      },
    );
  }

  transitionRoutes(app, db);
  peopleRoutes(app, db);
  historyRoutes(app, db);
}
