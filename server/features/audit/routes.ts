import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditEntry } from '../../../contract/account.js';
import { auditLog } from '../../db/schema/index.js';
import { badRequest } from '../../lib/http-errors.js';
import { idParam, queryFilter } from '../../lib/query.js';
import type { RouteOptions } from '../../lib/route-options.js';
import { p } from '../../lib/route-access.js';

const DEFAULT_SIZE = 50;
const MAX_SIZE = 500;

const isoDate = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

const query = z.object({
  user: queryFilter(idParam),
  resource_type: queryFilter(z.string().max(100)),
  action: queryFilter(z.string().max(200)),
  since: queryFilter(isoDate),
  until: queryFilter(isoDate),
  cursor: queryFilter(z.string().max(200)),
  page_size: queryFilter(z.string().regex(/^\d+$/).transform(Number)),
});

type Cursor = { time: Date; id: number };

/** `time|id` of the page's last row, base64url; only the server reads it. */
const encodeCursor = (c: Cursor) =>
  Buffer.from(`${c.time.toISOString()}|${c.id}`).toString('base64url');

function decodeCursor(value: string): Cursor {
  const [time, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  const n = Number(id);
  if (rest.length || Number.isNaN(at.getTime()) || !Number.isSafeInteger(n) || n < 1)
    throw badRequest('cursor', 'Invalid cursor.');
  return { time: at, id: n };
}

const serialize = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  time: r.time.toISOString(),
  user: r.userId,
  username: r.username,
  token: r.tokenId,
  token_name: r.tokenName,
  method: r.method,
  route: r.route,
  action: r.action,
  resource_type: r.resourceType,
  resource_id: r.resourceId,
  address: r.address,
  status: r.status,
  detail: r.detail,
});

/**
 * GET /api/v1/audit (extension, issue 29 part 7): newest first, keyset-paged on (time, id)
 * (index `audit_log_time` and one per filter), so the millionth row costs what the first
 * does. `next` is a path with the cursor; there is no total count (it would cost a scan).
 * Filters: `user`, `resource_type`, `action`, `since`/`until` (ISO 8601, inclusive).
 */
export async function auditRoutes(app: FastifyInstance, { db }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audit',
    { config: { access: p('users:manage') }, schema: { querystring: query } },
    async (request) => {
      const q = request.query;
      const size = Math.min(Math.max(q.page_size ?? DEFAULT_SIZE, 1), MAX_SIZE);
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const where: (SQL | undefined)[] = [
        q.user !== undefined ? eq(auditLog.userId, q.user) : undefined,
        q.resource_type !== undefined ? eq(auditLog.resourceType, q.resource_type) : undefined,
        q.action !== undefined ? eq(auditLog.action, q.action) : undefined,
        q.since ? gte(auditLog.time, q.since) : undefined,
        q.until ? lte(auditLog.time, q.until) : undefined,
        // A row comparison, which the (time DESC, id DESC) indexes answer as one range scan.
        after
          ? sql`(${auditLog.time}, ${auditLog.id}) < (${after.time.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ];
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.time), desc(auditLog.id))
        .limit(size + 1);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      let next: string | null = null;
      if (rows.length > size && last) {
        const raw = new URLSearchParams(request.url.split('?')[1] ?? '');
        raw.set('cursor', encodeCursor({ time: last.time, id: last.id }));
        next = `/api/v1/audit?${raw.toString()}`;
      }
      return { next, results: page.map(serialize) };
    },
  );
}
