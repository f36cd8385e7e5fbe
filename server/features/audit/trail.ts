import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { auditLog } from '../../db/schema/index.js';
import { auditedAction } from './action.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the caller authenticated with (set by token authentication, issue 29 part 5). */
    apiToken?: { id: number; name: string };
    /** What the write did in words, set by a route whose route and resource do not say. */
    auditDetail?: string;
  }
  interface FastifyInstance {
    /** Resolves once every audit row of answered requests is written (tests, shutdown). */
    auditWritten(): Promise<void>;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A resource id as text. Parameters arrive parsed (numbers) or raw when a request was
 * refused, and a raw path may carry any character (%00 included), which text cannot hold.
 */
const storableId = (id: unknown) =>
  id === undefined || id === null ? null : String(id).replaceAll('\0', '\uFFFD');

/**
 * The audit log (issue 29 part 7): after every write under /api/v1 is answered — accepted or
 * refused — one row says who (user, token), what (method, route, action), which resource,
 * when, from where, and the status. Never the body, never credentials (a link's token in the
 * path is not recorded). Written after the answer, so it adds nothing to the request's time;
 * the rows of every answer of one turn of the event loop go in one INSERT, so a burst of
 * writes costs the database one statement per turn rather than one per request.
 */
export const auditTrail = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const pending = new Set<Promise<unknown>>();
  const createdIds = new WeakMap<FastifyRequest, string>();
  const queued: (typeof auditLog.$inferInsert)[] = [];

  /**
   * Rows one at a time after their batch failed, so that one bad row does not lose the
   * others; not while the database cannot be reached, when each would fail alike.
   */
  const writeEach = async (rows: (typeof auditLog.$inferInsert)[], error: unknown) => {
    let lost = rows.length;
    if (!isDatabaseUnavailable(error)) {
      lost = 0;
      for (const row of rows)
        await db
          .insert(auditLog)
          .values(row)
          .catch(() => lost++);
    }
    if (lost > 0) app.log.error({ err: error, lost, of: rows.length }, 'audit log write failed');
  };

  const flush = () => {
    // 1,000 rows of 11 values stay far below PostgreSQL's 65,535 parameters per statement.
    const rows = queued.splice(0, 1_000);
    if (queued.length > 0) setImmediate(flush);
    if (rows.length === 0) return;
    const write = db
      .insert(auditLog)
      .values(rows)
      .then(
        () => undefined,
        (error: unknown) => writeEach(rows, error),
      )
      .finally(() => pending.delete(write));
    pending.add(write);
  };

  app.decorate('auditWritten', async () => {
    while (queued.length > 0 || pending.size > 0) {
      while (queued.length > 0) flush();
      await Promise.allSettled([...pending]);
    }
  });

  // A creation's id is only in its answer: read just that field of a 201's JSON.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'POST' || reply.statusCode !== 201 || typeof payload !== 'string')
      return;
    if (payload.length > 100_000 || !request.url.startsWith('/api/v1/')) return;
    try {
      const id = (JSON.parse(payload) as { id?: unknown }).id;
      if (typeof id === 'number' || typeof id === 'string') createdIds.set(request, String(id));
    } catch {
      // Not JSON: no id to record.
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!WRITES.has(request.method) || request.is404 || !route?.startsWith('/api/v1/')) return;
    const what = auditedAction(
      request.method,
      route,
      (request.params ?? {}) as Record<string, string | undefined>,
    );
    const user = request.user as { id: number; username: string } | null;
    if (queued.length === 0) setImmediate(flush);
    queued.push({
      time: new Date(),
      userId: user?.id ?? null,
      username: user?.username ?? null,
      tokenId: request.apiToken?.id ?? null,
      // Kept with the row: the token may be revoked or renamed later.
      tokenName: request.apiToken?.name ?? null,
      method: request.method,
      route,
      action: what.action,
      resourceType: what.resourceType,
      resourceId: storableId(what.resourceId ?? createdIds.get(request)),
      // Undefined once the socket is gone; the column requires a value.
      address: request.ip ?? '',
      status: reply.statusCode,
      detail: request.auditDetail ?? null,
    });
  });

  app.addHook('onClose', () => app.auditWritten());
});
