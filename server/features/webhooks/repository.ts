import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Webhook, WebhookAttempt, WebhookWrite } from '../../../contract/webhooks.js';
import { WEBHOOK_TEST_EVENT } from '../../../contract/webhooks.js';
import type { Db } from '../../db/client.js';
import {
  webhookAttempts,
  webhookEndpoints,
  webhookEvents,
  webhookMessages,
} from '../../db/schema/index.js';
import { payloadOf } from './worker.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A signing secret in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The endpoint as the API shows it; the secret only where the caller asks (POST, rotate). */
export const serializeWebhook = (row: EndpointRow, withSecret = false): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  create_datetime: row.createDatetime.toISOString(),
  ...(withSecret ? { secret: row.secret } : {}),
});

export function webhooksRepository(db: Db) {
  const e = webhookEndpoints;
  return {
    count: async () => (await db.select({ n: count() }).from(e))[0]!.n,
    page: (limit: number, offset: number) =>
      db.select().from(e).orderBy(e.id).limit(limit).offset(offset),
    get: async (id: number) => (await db.select().from(e).where(eq(e.id, id)))[0],
    create: async (body: WebhookWrite) =>
      (
        await db
          .insert(e)
          .values({
            url: body.url,
            events: [...new Set(body.events)],
            description: body.description ?? '',
            enabled: body.enabled ?? true,
            secret: newSecret(),
          })
          .returning()
      )[0]!,
    update: async (id: number, body: Partial<WebhookWrite>) => {
      const changes = {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        // Enabling again starts a fresh run: the 24 h of failures count from the next one.
        ...(body.enabled !== undefined
          ? body.enabled
            ? { enabled: true, disabledReason: '', failingSince: null }
            : { enabled: false }
          : {}),
      };
      if (Object.keys(changes).length === 0)
        return (await db.select().from(e).where(eq(e.id, id)))[0];
      return (await db.update(e).set(changes).where(eq(e.id, id)).returning())[0];
    },
    delete: (id: number) => db.delete(e).where(eq(e.id, id)),
    /** A new secret; the old one keeps signing (a second signature) for `graceMs`. */
    rotate: async (id: number, graceMs: number) =>
      (
        await db
          .update(e)
          .set({
            previousSecret: sql`${e.secret}`,
            previousSecretUntil: sql`now() + ${graceMs} * interval '1 millisecond'`,
            secret: newSecret(),
          })
          .where(eq(e.id, id))
          .returning()
      )[0]!,
    attemptCount: async (endpointId: number) =>
      (
        await db
          .select({ n: count() })
          .from(webhookAttempts)
          .where(eq(webhookAttempts.endpointId, endpointId))
      )[0]!.n,
    attempts: async (endpointId: number, limit: number, offset: number) => {
      const a = webhookAttempts;
      const found = await db
        .select({ attempt: a, event: webhookEvents })
        .from(a)
        .innerJoin(webhookMessages, eq(webhookMessages.id, a.messageId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookMessages.eventId))
        .where(eq(a.endpointId, endpointId))
        .orderBy(desc(a.id))
        .limit(limit)
        .offset(offset);
      return found.map(({ attempt, event }): WebhookAttempt => ({
        id: attempt.id,
        event_id: event.eventId,
        type: event.type,
        status_code: attempt.statusCode,
        error: attempt.error,
        response: attempt.response,
        duration_ms: attempt.durationMs,
        datetime: attempt.createDatetime.toISOString(),
        payload: payloadOf({
          type: event.type,
          eventId: event.eventId,
          timestamp: event.createDatetime.toISOString(),
          data: event.data,
        }),
      }));
    },
    /** Queues the attempt's event again for its endpoint (same event id: receivers dedupe). */
    replay: async (endpointId: number, attemptId: number) => {
      const [found] = await db
        .select({ event: webhookEvents })
        .from(webhookAttempts)
        .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookMessages.eventId))
        .where(and(eq(webhookAttempts.id, attemptId), eq(webhookAttempts.endpointId, endpointId)));
      if (!found) return undefined;
      await db.insert(webhookMessages).values({
        endpointId,
        eventId: found.event.id,
        resource: found.event.resource,
      });
      return { event_id: found.event.eventId, type: found.event.type };
    },
    /** A `webhook.test` event for this endpoint only. */
    test: async (endpointId: number) =>
      db.transaction(async (tx) => {
        const [event] = await tx
          .insert(webhookEvents)
          .values({
            type: WEBHOOK_TEST_EVENT,
            resource: `test:${endpointId}`,
            data: { webhook: endpointId, message: 'A test event from Mailboard.' },
          })
          .returning();
        await tx
          .insert(webhookMessages)
          .values({ endpointId, eventId: event!.id, resource: event!.resource });
        return { event_id: event!.eventId, type: event!.type };
      }),
  };
}
