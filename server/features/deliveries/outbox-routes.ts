import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import { paginate } from '../../lib/pagination.js';
import { idParam, paginationQuery } from '../../lib/query.js';
import { queryRows } from '../../db/query-rows.js';

type OutboxRow = {
  id: number;
  recipient: string;
  subject: string;
  mailing_id: number | null;
  delivery_id: number | null;
  create_datetime: Date | string;
  sender: string;
  headers: Record<string, string>;
  html: string;
  text: string;
};

const item = (r: OutboxRow) => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  mailing: r.mailing_id,
  delivery: r.delivery_id,
  create_datetime: new Date(r.create_datetime).toISOString(),
});

/**
 * GET /api/v1/outbox[/{id}]: the embedded outbox. With SMTP_URL set there is none, and both
 * answer 404 (the dashboard then hides its Outbox).
 */
export async function outboxRoutes(
  app: FastifyInstance,
  { db, enabled }: { db: Executor; enabled: boolean },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const where = (search: string | undefined) =>
    search
      ? sql`(recipient ILIKE ${`%${escapeLike(search)}%`} OR subject ILIKE ${`%${escapeLike(search)}%`})`
      : sql`true`;

  api.get(
    '/outbox',
    { schema: { querystring: z.object({ search: z.string().optional(), ...paginationQuery }) } },
    async (request) => {
      if (!enabled) throw notFound();
      const search = request.query.search?.trim();
      return paginate(
        request,
        async () =>
          Number(
            (
              await queryRows<{ n: string }>(
                db,
                // Unfiltered: the count triggers keep (migration 0019), not a count of the cap.
                search
                  ? sql`SELECT count(*) AS n FROM outbox_messages WHERE ${where(search)}`
                  : sql`SELECT n FROM outbox_message_count`,
              )
            )[0]!.n,
          ),
        async ({ limit, offset }) =>
          (
            await queryRows<OutboxRow>(
              db,
              sql`SELECT id, recipient, subject, mailing_id, delivery_id, create_datetime
                    FROM outbox_messages WHERE ${where(search)}
                   ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
            )
          ).map(item),
      );
    },
  );

  api.get('/outbox/:id', { schema: { params: z.object({ id: idParam }) } }, async (request) => {
    if (!enabled) throw notFound();
    const [row] = await queryRows<OutboxRow>(
      db,
      sql`SELECT * FROM outbox_messages WHERE id = ${request.params.id}`,
    );
    if (!row) throw notFound();
    return { ...item(row), from: row.sender, headers: row.headers, html: row.html, text: row.text };
  });
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, '\\$&');
