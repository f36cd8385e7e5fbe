import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isReadPermission, type Permission } from '../../contract/permissions.js';
import type { Db } from '../db/client.js';
import { deliveries, layouts, mailings, variants } from '../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../lib/http-errors.js';
import type { ListScope } from '../lib/route-access.js';

const forbidden = (detail: string) => new HttpError(403, { detail });

/**
 * The server-side check of docs/decisions/roles-and-access.md on every /api/ route, before the body or
 * parameters are validated (a forbidden call is 403 whatever it sends): the role must hold
 * the permissions the route declares beside itself (`config.access`, server/lib/route-access.ts),
 * and a user limited to some lists must have the route's list.
 */
export const permissionsPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (request.is404 || !url?.startsWith('/api/')) return;
    const { access: rule, public: isPublic } = request.routeOptions.config;
    if (isPublic) return;
    if (!rule) {
      // A route added without its permission: refused to everyone, and said in the log
      // (server/plugins/permissions.test.ts names every such route).
      request.log.error({ route: `${request.method} ${url}` }, 'No permission is declared');
      throw forbidden('No permission is declared for this route.');
    }
    // Required for the role but not set up: a password alone reaches only the way to set it
    // up (and signing out). API tokens, made by a signed-in user, stay valid.
    if (
      request.access.mustEnrolTwoFactor &&
      request.authMethod !== 'token' &&
      !rule.duringEnrolment
    ) {
      throw new HttpError(403, {
        detail:
          'Your role requires two-factor sign-in: set it up on the Security screen before anything else.',
        code: 'two_factor_required',
      });
    }
    const needs = [...rule.needs, ...(rule.alsoNeeds?.(request.body) ?? [])];
    const missing = needs.filter((permission) => !request.access.permissions.has(permission));
    if (missing.length > 0) {
      throw forbidden(
        `Your role (${request.access.role}) does not allow this: it needs ${missing.join(', ')}.`,
      );
    }
    const lists = request.access.lists;
    if (lists === null) return;
    const scope: ListScope | undefined =
      rule.scope ?? (url.includes(':list_id') ? 'list_id' : undefined);
    if (scope === undefined || scope === 'filtered') return;
    if (scope === 'all-lists') {
      throw forbidden('Your access is limited to some lists: this needs access to every list.');
    }
    const list = await listOf(db, scope, request);
    // An unknown mailing or delivery: the route answers its own 404.
    if (list === undefined) return;
    const access = list === null ? undefined : lists.get(list);
    if (access === undefined) {
      // Said as the mailing's validation says it of a list that does not exist.
      if (scope === 'body-list')
        throw badRequest('list', `Invalid pk "${list}" - object does not exist.`);
      throw notFound();
    }
    if (access === 'read' && needs.some((n: Permission) => !isReadPermission(n))) {
      throw forbidden('You may only read this list.');
    }
  });
});

/**
 * The list a scoped request acts on: a number, `null` for one that does not exist for the
 * caller, or undefined when the thing named does not exist at all.
 */
async function listOf(
  db: Db,
  scope: Exclude<ListScope, 'filtered' | 'all-lists'>,
  request: FastifyRequest,
): Promise<number | null | undefined> {
  const params = request.params as Record<string, string | undefined>;
  const id = (raw: unknown) => {
    const n = typeof raw === 'string' ? Number(raw) : raw;
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  switch (scope) {
    case 'list_id':
      return id(params.list_id);
    case 'id':
      return id(params.id);
    case 'body-list': {
      const list = (request.body as { list?: unknown } | undefined)?.list;
      return id(list) ?? undefined;
    }
    case 'mailing':
    case 'delivery':
    case 'layout': {
      const key = id(params.id);
      if (key === null) return undefined;
      return (await listOfMailingPart(db, scope, key))?.list;
    }
  }
}

/** The list of a mailing, or of the mailing a delivery or a stored layout belongs to. */
async function listOfMailingPart(db: Db, scope: 'mailing' | 'delivery' | 'layout', key: number) {
  const list = { list: mailings.listId };
  if (scope === 'mailing') {
    return (await db.select(list).from(mailings).where(eq(mailings.id, key)))[0];
  }
  const rows =
    scope === 'delivery'
      ? await db
          .select(list)
          .from(deliveries)
          .innerJoin(variants, eq(variants.id, deliveries.variantId))
          .innerJoin(mailings, eq(mailings.id, variants.mailingId))
          .where(eq(deliveries.id, key))
      : await db
          .select(list)
          .from(layouts)
          .innerJoin(variants, eq(variants.id, layouts.variantId))
          .innerJoin(mailings, eq(mailings.id, variants.mailingId))
          .where(eq(layouts.id, key));
  return rows[0];
}
