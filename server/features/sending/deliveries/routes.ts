import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  deliveryActions,
  recipientStates,
  testSendWrite,
} from '../../../../contract/deliveries.js';
import { badRequest, HttpError, notFound } from '../../../lib/http-errors.js';
import { paginate } from '../../../lib/pagination.js';
import { idParam, paginationQuery, queryFilter } from '../../../lib/query.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { deliveries } from '../../../db/schema/index.js';
import { deliveriesRepository } from './repository.js';
import { compileVariant, renderMessage } from '../message/render.js';
import type { SendingContext } from '../context.js';
import { scoped } from '../../../lib/route-access.js';
import { suppressionMessage, suppressionOf } from '../../suppressions/index.js';

const params = z.object({ id: idParam });
const actionParams = z.object({ id: idParam, action: z.enum(deliveryActions) });

/** What each action needs and does; a delivery in another status gets 400. */
const ACTIONS = {
  pause: {
    from: ['scheduled', 'running'],
    message: 'Only a scheduled or running delivery can be paused.',
  },
  resume: { from: ['paused'], message: 'Only a paused delivery can be resumed.' },
  cancel: {
    from: ['scheduled', 'running', 'paused'],
    message: 'Only a scheduled, running or paused delivery can be cancelled.',
  },
  retry: {
    from: ['running', 'paused', 'done'],
    message: 'Failed recipients can be retried once the delivery has run.',
  },
} as const;

const targeting = z.object({
  exclusions: z
    .array(z.union([z.number().int().positive(), z.email()]))
    .max(1000)
    .optional(),
  limit: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});

/** Sending extensions under /api/v1 (docs/decisions/api-choices.md "Sending"). */
export async function deliveriesRoutes(
  app: FastifyInstance,
  { sending }: { sending: SendingContext },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = sending;
  const repo = deliveriesRepository(db);

  api.get(
    '/mailings/:id/deliveries',
    { config: { access: scoped('mailing', 'mailings:read') }, schema: { params } },
    async (request) => {
      if (!(await repo.mailingExists(request.params.id))) throw notFound();
      return repo.forMailing(request.params.id);
    },
  );

  api.get(
    '/deliveries/:id',
    { config: { access: scoped('delivery', 'mailings:read') }, schema: { params } },
    async (request) => {
      return (await repo.get(request.params.id)) ?? Promise.reject(notFound());
    },
  );

  api.patch(
    '/deliveries/:id',
    {
      config: { access: scoped('delivery', 'mailings:send') },
      schema: { params, body: targeting },
    },
    async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound();
      if (!(await repo.setTargeting(found.id, request.body))) {
        throw new HttpError(400, { detail: 'Only a scheduled delivery can be changed.' });
      }
      return repo.get(found.id);
    },
  );

  api.post(
    '/deliveries/:id/:action',
    { config: { access: scoped('delivery', 'mailings:send') }, schema: { params: actionParams } },
    async (request) => {
      const { id, action } = request.params;
      const found = await repo.get(id);
      if (!found) throw notFound();
      const rule = ACTIONS[action];
      const refuse = () => new HttpError(400, { detail: rule.message });
      // A send step's delivery follows its automation (docs/decisions/automations.md).
      const [owner] = await queryRows<Pick<RawRow<typeof deliveries>, 'automation_id'>>(
        db,
        sql`SELECT automation_id FROM deliveries WHERE id = ${id}`,
      );
      if (owner?.automation_id)
        throw new HttpError(400, {
          detail:
            'This delivery belongs to an automation: pause or activate the automation instead.',
        });
      if (!(rule.from as readonly string[]).includes(found.status)) throw refuse();
      const ok = await db.transaction(async (tx) => {
        const r = deliveriesRepository(tx);
        if (action === 'pause') return r.transition(id, ['scheduled', 'running'], sql`'paused'`);
        if (action === 'cancel') return r.transition(id, [...rule.from], sql`'cancelled'`);
        if (action === 'resume') {
          return r.transition(
            id,
            ['paused'],
            sql`CASE WHEN started_datetime IS NULL THEN 'scheduled' ELSE 'running' END`,
          );
        }
        if ((await r.requeueFailed(id)) === 0) {
          throw new HttpError(400, { detail: 'This delivery has no failed recipients to retry.' });
        }
        await tx.execute(
          sql`UPDATE deliveries SET finished_datetime = NULL,
                   status = CASE WHEN status = 'done' THEN 'running' ELSE status END
             WHERE id = ${id}`,
        );
        return true;
      });
      if (!ok) throw refuse();
      return repo.get(id);
    },
  );

  api.get(
    '/deliveries/:id/recipients',
    {
      config: { access: scoped('delivery', 'mailings:read') },
      schema: {
        params,
        querystring: z.object({
          state: queryFilter(z.enum(recipientStates)),
          ...paginationQuery,
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.get(id))) throw notFound();
      const { state } = request.query;
      return paginate(
        request,
        () => repo.recipientsCount(id, state),
        ({ limit, offset }) => repo.recipientsPage(id, state, limit, offset),
      );
    },
  );

  api.post(
    '/mailings/:id/test',
    {
      config: { access: scoped('mailing', 'mailings:send') },
      schema: { params, body: testSendWrite },
    },
    async (request, reply) => {
      const variants = await queryRows<{
        id: number;
        from_name: string;
        from_email: string;
        replyto_email: string;
        subject: string;
        text: string;
        source: string;
      }>(
        db,
        sql`SELECT v.id, v.from_name, v.from_email, v.replyto_email, v.subject, l.text, l.source
              FROM variants v JOIN layouts l ON l.variant_id = v.id
             WHERE v.mailing_id = ${request.params.id} ORDER BY v.position`,
      );
      if (variants.length === 0) throw notFound();
      const wanted = request.body.variant;
      const v = wanted === undefined ? variants[0] : variants.find((x) => x.id === wanted);
      if (!v) throw badRequest('variant', 'This mailing has no variant with this id.');
      // A test is mail too: a suppressed address is never handed to SMTP (issue 52).
      const suppressed = await suppressionOf(db, request.body.email);
      if (suppressed) throw badRequest('email', suppressionMessage(suppressed.reason));
      const base = sending.baseUrl();
      const template = compileVariant(
        {
          fromName: v.from_name,
          fromEmail: v.from_email,
          replytoEmail: v.replyto_email,
          subject: v.subject,
          layoutText: v.text,
          layoutSource: v.source,
        },
        base,
      );
      const message = renderMessage(
        template,
        { who: 't', email: request.body.email, subscriberId: null, deliveryId: 0 },
        base,
        sending.signer,
      );
      const outcome = await sending.transport.send(message, {
        deliveryId: null,
        mailingId: request.params.id,
      });
      if (outcome.kind !== 'sent') {
        throw new HttpError(502, {
          detail: `The mail server did not accept the test message: ${outcome.error}`,
        });
      }
      return reply.code(202).send({ message_id: message.messageId });
    },
  );
}
