import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { HttpError, badRequest } from '../../lib/http-errors.js';
import { queryRows } from '../../db/query-rows.js';
import { recordBounce } from './bounces.js';
import { parseDsn, type BounceReport } from './dsn.js';
import type { SendingContext } from './sender.js';

export const BOUNCES_PATH = '/api/v1/bounces';

const jsonReport = z.object({
  email: z.email(),
  mailing: z.number().int().positive().optional(),
  message_id: z.string().min(1).max(1000).optional(),
  hard: z.boolean(),
  reason: z.string().max(1000).optional(),
});

const sameToken = (given: string, expected: string) => {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

function authorize(request: FastifyRequest, token: string | undefined) {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1];
  if (!token || !given || !sameToken(given, token)) {
    throw new HttpError(
      401,
      { detail: 'Invalid or missing bounce webhook token.' },
      { 'www-authenticate': 'Bearer realm="bounces"' },
    );
  }
}

/** The delivery a report belongs to: by Message-ID, else the latest to that address. */
async function findDelivery(
  ctx: SendingContext,
  report: { email: string; messageId?: string; mailing?: number },
) {
  const byMessage = report.messageId
    ? sql`r.message_id = ${report.messageId.startsWith('<') ? report.messageId : `<${report.messageId}>`}`
    : sql`lower(r.email) = lower(${report.email})`;
  const byMailing = report.mailing
    ? sql`AND r.delivery_id IN (SELECT d.id FROM deliveries d JOIN variants v ON v.id = d.variant_id
                                 WHERE v.mailing_id = ${report.mailing})`
    : sql``;
  const [row] = await queryRows<{ delivery_id: number; email: string }>(
    ctx.db,
    sql`SELECT r.delivery_id, r.email FROM delivery_recipients r
         WHERE ${byMessage} ${byMailing} ORDER BY r.id DESC LIMIT 1`,
  );
  return row;
}

/**
 * POST /api/v1/bounces: bounce reports from a mail server or provider, authenticated by
 * `Authorization: Bearer BOUNCE_WEBHOOK_TOKEN` (not by user credentials). JSON
 * `{email, mailing?, message_id?, hard, reason?}` or a raw RFC 3464 DSN. Each report about
 * an address this service mailed becomes a bounce record (and may set the subscriber
 * `bounced`); `recorded` counts them, reports about unknown messages are acknowledged.
 */
export async function bounceRoutes(app: FastifyInstance, { sending }: { sending: SendingContext }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );

  app.post(BOUNCES_PATH, async (request, reply) => {
    authorize(request, sending.options.bounceWebhookToken);
    const contentType = request.headers['content-type'] ?? '';
    const body = typeof request.body === 'string' ? request.body : '';
    let reports: (BounceReport & { mailing?: number })[];
    if (/^application\/json\b/i.test(contentType)) {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw badRequest('non_field_errors', 'The body is not valid JSON.');
      }
      const parsed = jsonReport.safeParse(json);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'non_field_errors');
          (errors[key] ??= []).push(issue.message);
        }
        throw badRequest(errors);
      }
      const r = parsed.data;
      reports = [
        {
          email: r.email,
          hard: r.hard,
          reason: r.reason ?? '',
          ...(r.message_id ? { messageId: r.message_id } : {}),
          ...(r.mailing ? { mailing: r.mailing } : {}),
        },
      ];
    } else if (
      /^(message\/delivery-status|multipart\/report|message\/rfc822)\b/i.test(contentType)
    ) {
      try {
        reports = await parseDsn(contentType, body);
      } catch (error) {
        throw badRequest(
          'non_field_errors',
          `Not a delivery status notification: ${(error as Error).message}`,
        );
      }
    } else {
      throw badRequest(
        'non_field_errors',
        'Send JSON (application/json) or an RFC 3464 report (message/delivery-status or multipart/report).',
      );
    }
    let recorded = 0;
    for (const report of reports) {
      const found = await findDelivery(sending, report);
      if (!found) continue;
      await recordBounce(
        sending.db,
        { deliveryId: found.delivery_id, email: found.email, hard: report.hard },
        sending.options,
      );
      recorded++;
    }
    return reply.code(200).send({ received: reports.length, recorded });
  });
}
