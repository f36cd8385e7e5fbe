import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import type { Verp } from '../message/verp.js';
import { changeSubscription } from '../subscriber-state.js';
import { findRecipients, type MessageRef } from './find-recipient.js';
import { recordBounces, type Bounce, type BouncePolicy } from './record-bounce.js';
import { recordComplaint } from './record-complaint.js';

/**
 * One thing a report or a provider says happened to a message: a bounce, a spam complaint
 * or an unsubscription. `source`: `webhook` (DSN, ARF or JSON), `mailbox`, or a provider.
 * `eventId`: the provider's id of the event, what makes a repeat the same event.
 */
export type InboundEvent = MessageRef & { source: string; eventId?: string } & (
    | { kind: 'bounce'; hard: boolean; reason: string }
    | { kind: 'complaint'; feedbackType: string }
    | { kind: 'unsubscribe' }
  );

/**
 * What makes two bounce reports the same event: the provider's event id (with the
 * recipient: one provider event may name several), else the message (its Message-ID or VERP
 * address), the bounce type and the recipient. A report that names no message (JSON with an
 * address only) has no key: each one counts.
 */
function bounceKey(
  event: InboundEvent & { hard: boolean },
  via: string | undefined,
  email: string,
) {
  if (event.eventId)
    return event.source === 'webhook'
      ? `event:${event.eventId}`
      : `${event.source}:${event.eventId}|${email.toLowerCase()}`;
  const named = event.messageId || event.envelopeTo.length > 0;
  if (!named || !via) return undefined;
  return `${via}|${event.hard ? 'hard' : 'soft'}|${email.toLowerCase()}`;
}

/** The list a delivery's mailing went to. */
async function listOf(db: Executor, deliveryId: number): Promise<number> {
  const [row] = await queryRows<{ list_id: number }>(
    db,
    sql`SELECT m.list_id FROM deliveries d JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id WHERE d.id = ${deliveryId}`,
  );
  return row!.list_id;
}

/**
 * Records what the events say about messages this service sent (events about anything else
 * are acknowledged and dropped) and returns how many changed something: a new bounce or
 * complaint record, a subscriber unsubscribed. A repeated event counts once.
 */
export async function recordEvents(
  ctx: { db: Executor; options: BouncePolicy },
  verp: Verp | undefined,
  events: InboundEvent[],
): Promise<number> {
  const [recorded] = await recordEventGroups(ctx, verp, [events]);
  return recorded!;
}

/**
 * recordEvents for several requests' events at once (providers/event-writer.ts): answers,
 * for each group, how many of its events changed something; an event repeated in several
 * groups counts in the first. All the groups' events are found in one statement and their
 * bounces (nearly all of what relays report) written in one; complaints and
 * unsubscriptions, rare, one by one.
 */
export async function recordEventGroups(
  ctx: { db: Executor; options: BouncePolicy },
  verp: Verp | undefined,
  groups: InboundEvent[][],
): Promise<number[]> {
  const events = groups.flatMap((g, group) => g.map((event) => ({ event, group })));
  const found = await findRecipients(
    ctx.db,
    verp,
    events.map((e) => e.event),
  );
  const counts = groups.map(() => 0);
  const bounces: (Bounce & { group: number })[] = [];
  for (const [i, { event, group }] of events.entries()) {
    const recipient = found[i];
    if (!recipient) continue;
    if (event.kind === 'bounce') {
      const key = bounceKey(event, recipient.via, recipient.email);
      bounces.push({
        group,
        deliveryId: recipient.delivery_id,
        email: recipient.email,
        hard: event.hard,
        ...(key ? { eventKey: key } : {}),
      });
    } else if (event.kind === 'complaint') {
      const result = await recordComplaint(ctx.db, {
        deliveryId: recipient.delivery_id,
        email: recipient.email,
        feedbackType: event.feedbackType,
        source: event.source,
      });
      if (result.recorded) counts[group]!++;
    } else {
      const changed = await changeSubscription(
        ctx.db,
        { listIds: [await listOf(ctx.db, recipient.delivery_id)], email: recipient.email },
        'unsubscribed',
        'unsubscribe-link',
        { onlyFrom: ['active', 'pending'] },
      );
      if (changed.length > 0) counts[group]!++;
    }
  }
  const { inserted } = await recordBounces(ctx.db, bounces, ctx.options);
  // Whose each new record is: by its key the first group that had it, else (a bounce with
  // no key, never a repeat) the next group with such a bounce of that message and kind.
  const owners = new Map<string, number[]>();
  for (const b of bounces) {
    const owner = b.eventKey ?? `${b.deliveryId}|${b.email}|${b.hard}`;
    if (!b.eventKey || !owners.has(owner))
      owners.set(owner, [...(owners.get(owner) ?? []), b.group]);
  }
  for (const row of inserted) {
    const group = owners
      .get(row.event_key ?? `${row.delivery_id}|${row.email}|${row.hard}`)
      ?.shift();
    if (group !== undefined) counts[group]!++;
  }
  return counts;
}
