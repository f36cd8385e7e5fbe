import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { growthQuery, unsubscribesQuery, type Overview } from '../../../contract/overview.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import { idParam } from '../../lib/query.js';
import { p, scoped } from '../../lib/route-access.js';
import { visibleLists } from '../identity/index.js';
import { sendingSettingsOf, type SendingContext } from '../sending/index.js';
import {
  audienceCard,
  recentMailingsCard,
  runningDeliveries,
  runningImports,
  waitingAutomations,
} from './cards.js';
import { dayUnsubscribes, listGrowth } from './growth.js';
import {
  failingWebhookWarnings,
  pausedDeliveryWarnings,
  senderDomainWarnings,
} from './warnings.js';

export type OverviewRouteOptions = { db: Db; sending: SendingContext };

/**
 * GET /overview and GET /lists/{id}/growth (extensions, docs/decisions/home-overview.md). The
 * overview is open to every signed-in user; each card is computed only when the caller's
 * permissions read what it shows, over the lists it may see.
 */
export async function overviewRoutes(app: FastifyInstance, { db, sending }: OverviewRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/overview', { config: { access: p() } }, async (request) => {
    const may = (permission: Parameters<typeof request.access.permissions.has>[0]) =>
      request.access.permissions.has(permission);
    const lists = visibleLists(request);
    const answer: Overview = {};
    if (may('lists:read')) answer.audience = await audienceCard(db, lists);
    if (may('statistics:read')) answer.mailings = await recentMailingsCard(db, lists);
    const running: NonNullable<Overview['running']> = {};
    if (may('mailings:read')) running.deliveries = await runningDeliveries(db, lists);
    if (may('automations:read')) running.automations = await waitingAutomations(db, lists);
    if (may('subscribers:read')) running.imports = await runningImports(db, lists);
    if (Object.keys(running).length > 0) answer.running = running;
    const warnings = [
      ...(may('mailings:read') ? await pausedDeliveryWarnings(db, lists) : []),
      ...(may('webhooks:manage') ? await failingWebhookWarnings(db, lists) : []),
      ...(may('settings:manage') ? senderDomainWarnings(await sendingSettingsOf(sending)) : []),
    ];
    if (may('mailings:read') || may('webhooks:manage') || may('settings:manage')) {
      answer.warnings = warnings;
    }
    return answer;
  });

  api.get(
    '/lists/:id/growth',
    {
      config: { access: scoped('id', 'lists:read') },
      schema: {
        params: z.object({ id: idParam }),
        querystring: growthQuery,
      },
    },
    async (request) => {
      const series = await listGrowth(db, request.params.id, request.query);
      if (!series) throw notFound();
      return series;
    },
  );

  api.get(
    '/lists/:id/unsubscribes',
    {
      config: { access: scoped('id', 'subscribers:read') },
      schema: { params: z.object({ id: idParam }), querystring: unsubscribesQuery },
    },
    async (request) => {
      const people = await dayUnsubscribes(db, request.params.id, request.query.date);
      if (!people) throw notFound();
      return people;
    },
  );
}
