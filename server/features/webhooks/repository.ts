import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Webhook, WebhookAttempt, WebhookWrite } from '../../../contract/webhooks.js';
import { WEBHOOK_TEST_EVENT } from '../../../contract/webhooks.js';
import type { Db } from '../../db/client.js';
import {
  lists as listTable,
  webhookAttempts,
  webhookEndpoints,
  webhookEvents,
  webhookMessages,
} from '../../db/schema/index.js';
import { inVisibleLists } from '../identity/index.js';
import { payloadOf } from './worker.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** The caller's lists (`visibleLists`): null for every list. */
export type ListScope = number[] | null;

const intArray = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;

/**
 * The endpoints a list-limited caller may see: those that name lists, all of them its own
 * (an endpoint of every list would send it the others' events).
 */
function visibleEndpoints(scope: ListScope): SQL | undefined {
  const e = webhookEndpoints;
  if (scope === null) return undefined;
  return sql`cardinality(${e.lists}) > 0 AND ${e.lists} <@ ${intArray(scope)}`;
}

/** The events a list-limited caller may read: its lists' and test events (about no list). */
function visibleEvents(scope: ListScope): SQL | undefined {
  const v = webhookEvents;
  if (scope === null) return undefined;
  return or(inVisibleLists(v.listId, scope), and(isNull(v.listId), eq(v.type, WEBHOOK_TEST_EVENT)));
}

/** An attempts query joined to each attempt's event. */
const withEvents = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookMessages.eventId));

const uniqueLists = (lists: number[] | null | undefined) =>
  lists ? [...new Set(lists)].sort((a, b) => a - b) : null;

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
  lists: row.lists,
  ...(withSecret ? { secret: row.secret } : {}),
});

export function webhooksRepository(db: Db) {
  const e = webhookEndpoints;
  return {
    count: async (scope: ListScope) =>
      (await db.select({ n: count() }).from(e).where(visibleEndpoints(scope)))[0]!.n,
    page: (limit: number, offset: number, scope: ListScope) =>
      db.select().from(e).where(visibleEndpoints(scope)).orderBy(e.id).limit(limit).offset(offset),
    get: async (id: number, scope: ListScope) =>
      (
        await db
          .select()
          .from(e)
          .where(and(eq(e.id, id), visibleEndpoints(scope)))
      )[0],
    /** Of `ids`, those that do not exist or are not among the caller's lists. */
    unknownLists: async (ids: number[], scope: ListScope) => {
      const found = await db
        .select({ id: listTable.id })
        .from(listTable)
        .where(and(inVisibleLists(listTable.id, ids), inVisibleLists(listTable.id, scope)));
      const known = new Set(found.map((row) => row.id));
      return [...new Set(ids)].filter((id) => !known.has(id));
    },
    create: async (body: WebhookWrite) =>
      (
        await db
          .insert(e)
          .values({
            url: body.url,
            events: [...new Set(body.events)],
            description: body.description ?? '',
            enabled: body.enabled ?? true,
            lists: uniqueLists(body.lists),
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
        ...(body.lists !== undefined ? { lists: uniqueLists(body.lists) } : {}),
      };
      if (Object.keys(changes).length === 0)
        return (await db.select().from(e).where(eq(e.id, id)))[0];
      return db.transaction(async (tx) => {
        const [row] = await tx.update(e).set(changes).where(eq(e.id, id)).returning();
        // Events still queued for it that its new lists exclude are not sent.
        if (row?.lists)
          await tx.execute(sql`
            DELETE FROM webhook_messages m USING webhook_events v
             WHERE m.endpoint_id = ${id} AND m.state = 'pending' AND v.id = m.event_id
               AND NOT coalesce(v.list_id = ANY (${intArray(row.lists)}), v.type = ${WEBHOOK_TEST_EVENT})`);
        return row;
      });
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
    /** A list-limited caller counts and reads only attempts of its lists' events. */
    attemptCount: async (endpointId: number, scope: ListScope) => {
      const query = db.select({ n: count() }).from(webhookAttempts).$dynamic();
      // Every list: no event to look at.
      const [row] = await (scope === null ? query : withEvents(query)).where(
        and(eq(webhookAttempts.endpointId, endpointId), visibleEvents(scope)),
      );
      return row!.n;
    },
    attempts: async (endpointId: number, limit: number, offset: number, scope: ListScope) => {
      const a = webhookAttempts;
      const found = await withEvents(
        db.select({ attempt: a, event: webhookEvents }).from(a).$dynamic(),
      )
        .where(and(eq(a.endpointId, endpointId), visibleEvents(scope)))
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
    /**
     * Queues the attempt's event again for its endpoint (same event id: receivers dedupe);
     * undefined when the endpoint's lists no longer include the event's (migration 0030).
     */
    replay: async (endpointId: number, attemptId: number, scope: ListScope) => {
      const a = webhookAttempts;
      const [found] = await withEvents(
        db.select({ event: webhookEvents }).from(a).$dynamic(),
      ).where(and(eq(a.id, attemptId), eq(a.endpointId, endpointId), visibleEvents(scope)));
      if (!found) return undefined;
      const queued = await db
        .insert(webhookMessages)
        .values({ endpointId, eventId: found.event.id, resource: found.event.resource })
        .returning({ id: webhookMessages.id });
      if (queued.length === 0) return undefined;
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
