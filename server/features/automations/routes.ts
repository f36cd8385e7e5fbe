import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automationPatch,
  automationWrite,
  runStates,
  type AutomationStep,
  type AutomationTrigger,
} from '../../../contract/automations.js';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../../contract/time-zones.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound, type DrfErrors } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import { fieldsRepository } from '../fields/index.js';
import { subscribersRepository } from '../subscribers/index.js';
import { automationsRepository, type AutomationRow } from './repository.js';
import { serializeAutomation, serializeRun } from './serialize.js';
import { storeSteps } from './steps.js';
import { p } from '../../lib/route-access.js';

const path = '/lists/:list_id/automations';
const listParams = z.object({ list_id: idParam });
const itemParams = z.object({ list_id: idParam, id: idParam });
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

export type AutomationRouteOptions = { db: Db; now: () => Date; wake: () => void };

/**
 * Automations of a list (extension, issue 31, docs/decisions/automations.md): marketers and admins
 * change them; analysts read.
 */
export async function automationsRoutes(
  app: FastifyInstance,
  { db, now, wake }: AutomationRouteOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = automationsRepository(db);

  const listExists = async (listId: number) => {
    if (!(await subscribersRepository(db).list(listId))) throw notFound();
  };
  const found = async (listId: number, id: number) => {
    const row = await repo.get(listId, id);
    if (!row) throw notFound();
    return row;
  };
  const present = async (row: AutomationRow) =>
    serializeAutomation(row, (await repo.stats([row.id]))(row.id));

  /** What only the server can check: the list's mailings, segments and date fields. */
  async function checkReferences(
    listId: number,
    trigger: AutomationTrigger | undefined,
    steps: AutomationStep[] | undefined,
  ) {
    const errors: DrfErrors = {};
    const mailings = (steps ?? []).flatMap((s) => (s.type === 'send' ? [s.mailing] : []));
    const segments = (steps ?? []).flatMap((s) =>
      s.type === 'condition' && 'segment' in s.if ? [s.if.segment] : [],
    );
    if (trigger?.type === 'segment_entered') segments.push(trigger.segment);
    const known = await repo.known(listId, mailings, segments);
    if (trigger?.type === 'segment_entered' && !known.segments.has(trigger.segment))
      errors.trigger = { segment: [invalidPk(trigger.segment)] };
    if (trigger?.type === 'date_field' && trigger.field !== 'date_of_birth') {
      const fields = await fieldsRepository(db).forList(listId);
      const field = fields.find((f) => f.name === trigger.field);
      if (!field || field.type !== 'date')
        errors.trigger = { field: ['Choose date_of_birth or a date field of this list.'] };
    }
    const stepErrors = (steps ?? []).map((s): DrfErrors => {
      if (s.type === 'send' && !known.mailings.has(s.mailing))
        return { mailing: [invalidPk(s.mailing)] };
      if (s.type === 'condition' && 'segment' in s.if && !known.segments.has(s.if.segment))
        return { if: { segment: [invalidPk(s.if.segment)] } };
      return {};
    });
    if (stepErrors.some((e) => Object.keys(e).length > 0)) errors.steps = stepErrors;
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  function stored(steps: AutomationStep[], row?: AutomationRow) {
    const result = storeSteps(steps, row?.steps ?? [], row?.nextStepId ?? 1);
    if (result.unknownIds.length > 0)
      throw badRequest({
        steps: steps.map((s, i): DrfErrors =>
          result.unknownIds.includes(i) ? { id: [invalidPk(s.id!)] } : {},
        ),
      });
    return result;
  }

  api.get(
    path,
    {
      config: { access: p('automations:read') },
      schema: { params: listParams, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const listId = request.params.list_id;
      await listExists(listId);
      return paginate(
        request,
        () => repo.count(listId),
        async ({ limit, offset }) => {
          const rows = await repo.page(listId, limit, offset);
          const stats = await repo.stats(rows.map((r) => r.id));
          return rows.map((row) => serializeAutomation(row, stats(row.id)));
        },
      );
    },
  );

  api.post(
    path,
    {
      config: { access: p('automations:manage') },
      schema: { params: listParams, body: automationWrite },
    },
    async (request, reply) => {
      const listId = request.params.list_id;
      await listExists(listId);
      const body = request.body;
      await checkReferences(listId, body.trigger, body.steps);
      const steps = stored(body.steps ?? []);
      const row = await repo.create(
        listId,
        {
          name: body.name,
          trigger: body.trigger,
          steps: steps.stored,
          nextStepId: steps.nextId,
          reenter: body.reenter ?? false,
          timeZone: canonicalTimeZone(body.time_zone ?? DEFAULT_TIME_ZONE)!,
        },
        request.user.id,
      );
      return reply.code(201).send(await present(row));
    },
  );

  api.get(
    `${path}/:id`,
    { config: { access: p('automations:read') }, schema: { params: itemParams } },
    async (request) => present(await found(request.params.list_id, request.params.id)),
  );

  // Editing an active automation applies to runs that have not reached the changed step:
  // runs point at step ids, and a new step gets an id no run has passed.
  api.patch(
    `${path}/:id`,
    {
      config: { access: p('automations:manage') },
      schema: { params: itemParams, body: automationPatch },
    },
    async (request) => {
      const { list_id: listId, id } = request.params;
      const row = await found(listId, id);
      const { name, trigger, steps, reenter, time_zone: timeZone } = request.body;
      await checkReferences(listId, trigger, steps);
      const next = steps ? stored(steps, row) : undefined;
      const updated = await repo.update(
        row,
        {
          ...(name === undefined ? {} : { name }),
          ...(trigger ? { trigger } : {}),
          ...(next ? { steps: next.stored, nextStepId: next.nextId } : {}),
          ...(reenter === undefined ? {} : { reenter }),
          ...(timeZone === undefined ? {} : { timeZone: canonicalTimeZone(timeZone)! }),
        },
        request.user.id,
        now(),
      );
      if (!updated) throw notFound();
      return present(updated);
    },
  );

  api.delete(
    `${path}/:id`,
    { config: { access: p('automations:manage') }, schema: { params: itemParams } },
    async (request, reply) => {
      const { list_id: listId, id } = request.params;
      if (!(await repo.delete(listId, id))) throw notFound();
      return reply.code(204).send();
    },
  );

  // An active automation sends its steps' mail: activating one is sending.
  api.post(
    `${path}/:id/activate`,
    {
      config: { access: p('automations:manage', 'mailings:send') },
      schema: { params: itemParams },
    },
    async (request) => {
      const row = await found(request.params.list_id, request.params.id);
      if (row.steps.length === 0)
        throw badRequest('steps', 'An automation needs at least one step to be activated.');
      const updated = await repo.setState(row, 'active', now());
      wake();
      return present(updated);
    },
  );

  api.post(
    `${path}/:id/pause`,
    { config: { access: p('automations:manage') }, schema: { params: itemParams } },
    async (request) => {
      const row = await found(request.params.list_id, request.params.id);
      if (row.state !== 'active')
        throw badRequest('non_field_errors', 'Only an active automation can be paused.');
      return present(await repo.setState(row, 'paused', now()));
    },
  );

  api.get(
    `${path}/:id/runs`,
    {
      config: { access: p('automations:read') },
      schema: {
        params: itemParams,
        querystring: z.object({ ...paginationQuery, state: z.enum(runStates).optional() }),
      },
    },
    async (request) => {
      const row = await found(request.params.list_id, request.params.id);
      const state = request.query.state;
      return paginate(
        request,
        () => repo.runCount(row.id, state),
        async ({ limit, offset }) =>
          (await repo.runPage(row.id, state, limit, offset)).map((r) => serializeRun(r, row.steps)),
      );
    },
  );
}
