import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HistoryEntry } from '../../../contract/subscribers.js';
import type { Db } from '../../db/client.js';
import { subscriberHistory as h, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { paginationQuery } from '../../lib/query.js';
import { itemParams, itemPath } from './params.js';
import { subscribersRepository } from './repository.js';
import { p } from '../../lib/route-access.js';

/**
 * A subscriber's history, newest first (extension, issue 15):
 * `GET /api/v1/lists/{list_id}/subscribers/{id}/history`.
 */
export function historyRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${itemPath}/history`,
    {
      config: { access: p('subscribers:read') },
      schema: { params: itemParams, querystring: z.object(paginationQuery) },
    },
    async (request) => {
      const { list_id: listId, id } = request.params;
      if (!(await subscribersRepository(db).get(listId, id))) throw notFound();
      // Its own rows, and the import batch that created it (ids kept as ranges).
      const where = and(
        eq(h.listId, listId),
        or(eq(h.subscriberId, id), and(isNull(h.subscriberId), sql`${h.createdIds} @> ${id}::int`)),
      );
      return paginate(
        request,
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(h)
            .where(where);
          return row!.n;
        },
        async ({ limit, offset }) => {
          const rows = await db
            .select({ entry: h, username: users.username })
            .from(h)
            .leftJoin(users, eq(users.id, h.userId))
            .where(where)
            .orderBy(desc(h.id))
            .limit(limit)
            .offset(offset);
          return rows.map(({ entry, username }): HistoryEntry => ({
            id: entry.id,
            at: entry.at.toISOString(),
            kind: entry.kind,
            via: entry.via,
            user: entry.userId === null ? null : { id: entry.userId, username },
            import: entry.importId === null ? null : { id: entry.importId, file: entry.file },
            field: entry.field,
            old_value: entry.oldValue ?? null,
            new_value: entry.newValue ?? null,
          }));
        },
      );
    },
  );
}
