import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../../contract/fields.js';
import { subscriberSearch, subscriptionState } from '../../../contract/subscribers.js';
import type { Db } from '../../db/client.js';
import { lists, subscribers } from '../../db/schema/index.js';
import { inVisibleLists, visibleLists } from '../identity/index.js';
import { badRequest } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { orderingQuery, paginationQuery, queryFilter } from '../../lib/query.js';
import { emailIs, searchMatches } from './repository.js';
import { serializeSubscriber } from './serialize.js';
import { scoped } from '../../lib/route-access.js';

const peopleQuery = z.object({
  ...paginationQuery,
  ...orderingQuery,
  search: queryFilter(subscriberSearch),
  email: queryFilter(storableText()),
  subscription: queryFilter(subscriptionState),
});

const lowerEmail = sql`lower(${subscribers.email})`;
/** Cross-list `ordering`: by address (default, a person's lists together) or by id. */
const orderings: Record<string, SQL[]> = {
  email: [asc(lowerEmail), asc(subscribers.listId), asc(subscribers.id)],
  '-email': [desc(lowerEmail), desc(subscribers.listId), desc(subscribers.id)],
  id: [asc(subscribers.id)],
  '-id': [desc(subscribers.id)],
};

/**
 * People across all lists (extension, issue 15): `GET /api/v1/subscribers` with `search`
 * (substring, as in a list) or `email` (exact), each result a subscriber of one list with
 * `list: {id, name}`. Custom fields are per list and left out. Deleted subscriptions are
 * left out unless `subscription=deleted`, as in a list's collection.
 */
export function peopleRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/subscribers',
    {
      config: { access: scoped('filtered', 'subscribers:read') },
      schema: { querystring: peopleQuery },
    },
    async (request) => {
      const { search, email, subscription: state, ordering = 'email' } = request.query;
      if (!search && email === undefined)
        throw badRequest('search', 'Enter part of a name or an email address.');
      const order = orderings[ordering];
      if (!order)
        throw badRequest(
          'ordering',
          `Unknown ordering. Allowed: ${Object.keys(orderings).join(', ')}.`,
        );
      const where = and(
        state ? eq(subscribers.subscription, state) : ne(subscribers.subscription, 'deleted'),
        search ? searchMatches(search) : undefined,
        email === undefined ? undefined : emailIs(email),
        // Lists the caller is not given do not exist for it (docs/decisions/roles-and-access.md).
        inVisibleLists(subscribers.listId, visibleLists(request)),
      );
      return paginate(
        request,
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(subscribers)
            .where(where);
          return row!.n;
        },
        async ({ limit, offset }) => {
          const rows = await db
            .select({ subscriber: subscribers, list: { id: lists.id, name: lists.name } })
            .from(subscribers)
            .innerJoin(lists, eq(lists.id, subscribers.listId))
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset);
          return rows.map((r) => ({ ...serializeSubscriber(r.subscriber, []), list: r.list }));
        },
      );
    },
  );
}
