import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, badRequest } from '../../../lib/http-errors.js';
import { parseDsn } from './dsn.js';
import { isFeedbackReport, parseArf } from './arf.js';
import { recordEvents, type InboundEvent } from './ingest.js';
import { complaintEvent, dsnEvents } from './report-events.js';
import { providerRoutes } from './providers/routes.js';
import type { SendingContext } from '../context.js';
import type { Verp } from '../message/verp.js';

export const BOUNCES_PATH = '/api/v1/bounces';

const jsonReport = z.object({
  email: z.email(),
  mailing: z.number().int().positive().optional(),
  message_id: z.string().min(1).max(1000).optional(),
  /** The provider's id of this event: a report repeated with the same id counts once. */
  event_id: z.string().min(1).max(200).optional(),
  /** Where the bounce was addressed (the VERP return path), when the provider tells. */
  envelope_to: z.string().max(320).optional(),
  hard: z.boolean(),
  reason: z.string().max(1000).optional(),
});

/**
 * Where a bounce message arrived (`?envelope_to=`, e.g. Postfix's ${recipient} in a pipe).
 * A value that is no address (too long, repeated) is ignored, never a 400: a mail server's
 * pipe would only retry the same report.
 */
const webhookQuery = z.object({
  envelope_to: z
    .string()
    .max(320)
    .optional()
    .catch(undefined)
    .describe('The address the bounce message arrived at (a VERP return path).'),
});

const sameToken = (given: string, expected: string) => {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

function authorize(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1];
  if (!token || !given || !sameToken(given, token)) {
    // The body is never read: the connection closes after the answer instead.
    reply.header('connection', 'close');
    throw new HttpError(
      401,
      { detail: 'Invalid or missing bounce webhook token.' },
      { 'www-authenticate': 'Bearer realm="bounces"' },
    );
  }
}

/** The events of a webhook body: a JSON bounce, an ARF complaint or a DSN's bounces. */
async function readReports(contentType: string, body: string): Promise<InboundEvent[]> {
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
    return [
      {
        kind: 'bounce',
        source: 'webhook',
        email: r.email,
        hard: r.hard,
        reason: r.reason ?? '',
        envelopeTo: r.envelope_to ? [r.envelope_to] : [],
        ...(r.message_id ? { messageId: r.message_id } : {}),
        ...(r.event_id ? { eventId: r.event_id } : {}),
        ...(r.mailing ? { mailing: r.mailing } : {}),
      },
    ];
  }
  if (isFeedbackReport(contentType, body)) {
    try {
      return [complaintEvent(await parseArf(contentType, body))];
    } catch (error) {
      throw badRequest('non_field_errors', `Not a feedback report: ${(error as Error).message}`);
    }
  }
  if (/^(message\/delivery-status|multipart\/report|message\/rfc822)\b/i.test(contentType)) {
    try {
      return dsnEvents(await parseDsn(contentType, body), 'webhook');
    } catch (error) {
      throw badRequest(
        'non_field_errors',
        `Not a delivery status notification: ${(error as Error).message}`,
      );
    }
  }
  throw badRequest(
    'non_field_errors',
    'Send JSON (application/json), an RFC 3464 report (message/delivery-status or multipart/report) or an RFC 5965 feedback report.',
  );
}

/**
 * POST /api/v1/bounces: bounce reports from a mail server or provider, authenticated by
 * `Authorization: Bearer BOUNCE_WEBHOOK_TOKEN` (not by user credentials), checked before the
 * body is read. JSON `{email, mailing?, message_id?, event_id?, envelope_to?, hard, reason?}`,
 * a raw RFC 3464 DSN or an RFC 5965 (ARF) spam complaint. Each report about an address this
 * service mailed becomes a bounce record (and may set the subscriber `bounced`) or a
 * complaint; `recorded` counts them; reports about unknown messages, and repeats of an event
 * already recorded, are acknowledged.
 */
export async function bounceRoutes(
  app: FastifyInstance,
  { sending, verp }: { sending: SendingContext; verp?: Verp | undefined },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );

  app.post<{ Querystring: z.infer<typeof webhookQuery> }>(
    BOUNCES_PATH,
    {
      schema: { querystring: webhookQuery },
      // It checks its own token (BOUNCE_WEBHOOK_TOKEN), not user credentials.
      config: { public: true },
      // onRequest runs before the body parser: a caller without the token gets its 401
      // without this server reading (up to 1 MiB of) what it sends.
      onRequest: async (request, reply) =>
        authorize(request, reply, sending.options.bounceWebhookToken),
    },
    async (request, reply) => {
      const envelopeTo = request.query.envelope_to ? [request.query.envelope_to] : [];
      const contentType = request.headers['content-type'] ?? '';
      const body = typeof request.body === 'string' ? request.body : '';
      const reports = (await readReports(contentType, body)).map((r) => ({
        ...r,
        envelopeTo: [...envelopeTo, ...r.envelopeTo],
      }));
      const recorded = await recordEvents(sending, verp, reports);
      return reply.code(200).send({ received: reports.length, recorded });
    },
  );

  await app.register(providerRoutes, { sending, verp, prefix: BOUNCES_PATH });
}
