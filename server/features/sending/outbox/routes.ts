import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { notFound } from '../../../lib/http-errors.js';
import { paginate } from '../../../lib/pagination.js';
import { idParam, paginationQuery } from '../../../lib/query.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { outboxMessages } from '../../../db/schema/index.js';
import { redactTokens } from './redact.js';
import { escapeLike } from '../../../lib/sql-like.js';
import { scoped } from '../../../lib/route-access.js';

type OutboxRow = Pick<
  RawRow<typeof outboxMessages>,
  | 'id'
  | 'recipient'
  | 'subject'
  | 'mailing_id'
  | 'delivery_id'
  | 'kind'
  | 'sender'
  | 'headers'
  | 'html'
  | 'text'
> & { create_datetime: Date | string };

const item = (r: OutboxRow) => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  mailing: r.mailing_id,
  delivery: r.delivery_id,
  kind: r.kind,
  create_datetime: new Date(r.create_datetime).toISOString(),
});

/** Who may see system mail at all (redacted): those who manage users. */
const seesSystemMail = (request: FastifyRequest) => request.access.permissions.has('users:manage');

/**
 * GET /api/v1/outbox[/{id}]: the embedded outbox. With SMTP_URL set there is none, and both
 * answer 404 (the dashboard then hides its Outbox).
 *
 * System mail (invitations, password resets, sign-in notices: `kind: "system"`) carries links
 * that are credentials (issue 49: an analyst read the admin's reset link here). Nobody but a
 * `users:manage` holder finds it, in the list, its count, a search or by id (404); they read
 * it with every token redacted (`redacted: true`). Deliveries' and tests' mail is as sent.
 */
export async function outboxRoutes(
  app: FastifyInstance,
  { db, enabled }: { db: Executor; enabled: boolean },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const where = (search: string | undefined, system: boolean) => {
    const kinds = system ? sql`true` : sql`kind <> 'system'`;
    if (!search) return kinds;
    const like = `%${escapeLike(search)}%`;
    return sql`(recipient ILIKE ${like} OR subject ILIKE ${like}) AND ${kinds}`;
  };

  api.get(
    '/outbox',
    {
      config: { access: scoped('all-lists', 'mailings:read') },
      schema: { querystring: z.object({ search: z.string().optional(), ...paginationQuery }) },
    },
    async (request) => {
      if (!enabled) throw notFound();
      const search = request.query.search?.trim();
      const system = seesSystemMail(request);
      return paginate(
        request,
        async () =>
          Number(
            (
              await queryRows<{ n: string }>(
                db,
                // Unfiltered: the counts triggers keep (migrations 0019, 0028), not a count
                // of the cap.
                search
                  ? sql`SELECT count(*) AS n FROM outbox_messages WHERE ${where(search, system)}`
                  : system
                    ? sql`SELECT n FROM outbox_message_count`
                    : sql`SELECT n - system_n AS n FROM outbox_message_count`,
              )
            )[0]!.n,
          ),
        async ({ limit, offset }) =>
          (
            await queryRows<OutboxRow>(
              db,
              sql`SELECT id, recipient, subject, mailing_id, delivery_id, create_datetime, kind
                    FROM outbox_messages WHERE ${where(search, system)}
                   ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
            )
          ).map(item),
      );
    },
  );

  api.get(
    '/outbox/:id',
    {
      config: { access: scoped('all-lists', 'mailings:read') },
      schema: { params: z.object({ id: idParam }) },
    },
    async (request) => {
      if (!enabled) throw notFound();
      const [row] = await queryRows<OutboxRow>(
        db,
        sql`SELECT * FROM outbox_messages WHERE id = ${request.params.id}`,
      );
      const system = row?.kind === 'system';
      if (!row || (system && !seesSystemMail(request))) throw notFound();
      const content = (part: string) => (system ? redactTokens(part) : part);
      return {
        ...item(row),
        from: row.sender,
        headers: row.headers,
        html: content(row.html),
        text: content(row.text),
        redacted: system,
      };
    },
  );
}
