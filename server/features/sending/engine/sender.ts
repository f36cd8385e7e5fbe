import { randomUUID } from 'node:crypto';
import { recordBounce } from '../bounces/record-bounce.js';
import {
  claimRecipients,
  deliveryMaterial,
  finishDrained,
  markMissed,
  pauseForFault,
  populateAudience,
  renewLeases,
  requeueExpiredLeases,
  startDueDelivery,
  type ClaimedRecipient,
  type RecipientResult,
} from './queries.js';
import type { SendingContext } from '../context.js';
import { compileVariant, renderMessage, type VariantTemplate } from '../message/render.js';
import { resultWriter } from './result-writer.js';
import { personalFields } from '../message/personal-fields.js';

type Material = { template: VariantTemplate; mailingId: number };

/**
 * Each claim brings this many messages per lane: a quarter of the claim statements. Claimed
 * rows not yet sent are only held (their lease is renewed); after a crash they wait out the
 * lease and are sent once.
 */
const CLAIM_LANES = 4;
/** How long a result waits for the other lanes' to share its write (see sendDue). */
const RESULT_LINGER_MS = 10;

/** A round sends for about this long, then the bookkeeping (start, populate, finish) runs. */
const ROUND_MS = 2000;

/**
 * One round of the delivery engine: overdue deliveries become missed, due ones start, the
 * next chunk of an audience is written, and due recipients are sent for up to ROUND_MS.
 * Returns how many recipients it handled (0 = idle).
 */
export async function sendRound(ctx: SendingContext, cache = new Map<number, Material>()) {
  const { db, options } = ctx;
  await markMissed(db, options.graceMs);
  while ((await startDueDelivery(db)) !== null);
  await populateAudience(db);
  await requeueExpiredLeases(db);
  const handled = await sendDue(ctx, cache);
  await finishDrained(db);
  return handled;
}

async function material(ctx: SendingContext, cache: Map<number, Material>, deliveryId: number) {
  let found = cache.get(deliveryId);
  if (!found) {
    const row = await deliveryMaterial(ctx.db, deliveryId);
    if (!row) return undefined;
    found = {
      mailingId: row.mailing_id,
      template: compileVariant(
        {
          fromName: row.from_name,
          fromEmail: row.from_email,
          replytoEmail: row.replyto_email,
          subject: row.subject,
          layoutText: row.text,
          layoutSource: row.source,
        },
        ctx.baseUrl(),
      ),
    };
    if (cache.size > 100) cache.clear();
    cache.set(deliveryId, found);
  }
  return found;
}

/**
 * Sends due recipients, `concurrency` messages in flight, claiming a few at a time just
 * ahead of the lanes (docs/architecture.md §11). Each result is committed as soon as the relay
 * answered; a lane's next message travels meanwhile but its end waits for that commit, so a
 * crash can repeat at most one message per lane. Leases are renewed while rows are held.
 */
async function sendDue(ctx: SendingContext, cache: Map<number, Material>): Promise<number> {
  const { db, options } = ctx;
  const concurrency = Math.max(1, options.concurrency);
  const lease = randomUUID();
  const queue: ClaimedRecipient[] = [];
  const held = new Set<number>();
  // Deliveries not to send any more of in this round: a server fault, or paused or cancelled
  // meanwhile (each result write says so); their claimed rows are given back unsent.
  const stopped = new Set<number>();
  const end = performance.now() + ROUND_MS;
  // A few milliseconds' wait lets the lanes' results share one statement: each lane's next
  // message is being transmitted meanwhile, only its end waits for the commit. 10 ms brings
  // nearly every lane into each write (4.8 results a write at 5 lanes through Postfix, 2.7 at
  // 3 ms), which saved a fifth of the machine's CPU per message; at a distant relay it is a
  // small part of a message's round trips.
  const writer = resultWriter(db, { gather: concurrency, lingerMs: RESULT_LINGER_MS });
  // Recipients' field values for personalisation tags, loaded with each claim that needs them.
  const fields = new Map<number, Record<string, unknown>>();
  let handled = 0;
  let exhausted = false;
  let failure: unknown;
  let claiming: Promise<void> | undefined;
  const claim = () =>
    (claiming ??= (async () => {
      try {
        const got = await claimRecipients(db, concurrency * CLAIM_LANES, options.leaseMs, lease);
        if (got.length === 0) exhausted = true;
        for (const [id, values] of await batchFields(ctx, got, cache)) fields.set(id, values);
        for (const r of got) held.add(r.id);
        queue.push(...got);
        handled += got.length;
      } catch (error) {
        failure ??= error;
        exhausted = true;
      }
    })().finally(() => (claiming = undefined)));
  const renewal = setInterval(() => {
    void renewLeases(db, [...held], lease, options.leaseMs).then(
      (still) => {
        // Taken over by another worker (this process stalled): not sent from here.
        for (let i = queue.length - 1; i >= 0; i--) {
          if (!still.has(queue[i]!.id)) held.delete(queue.splice(i, 1)[0]!.id);
        }
      },
      () => undefined, // the database is away: the next renewal tries again
    );
  }, options.leaseMs / 3);
  const finish = async (r: ClaimedRecipient, result: RecipientResult) => {
    for (const id of await writer.record(result)) stopped.add(id);
    held.delete(r.id);
  };
  const lane = async () => {
    // This lane's last result while it is being written: the next message's end waits for
    // it (SendRefs.acceptAfter), so at most one accepted message per lane is unrecorded.
    let recording: Promise<void> = Promise.resolve();
    const record = (r: ClaimedRecipient, result: RecipientResult) => {
      recording = finish(r, result);
      recording.catch(() => undefined); // awaited below; a rejection must not go unhandled
    };
    try {
      for (;;) {
        if (queue.length === 0) {
          if (exhausted || performance.now() > end) return;
          await claim();
          continue;
        }
        if (queue.length <= concurrency && !exhausted && performance.now() <= end) void claim();
        const r = queue.shift()!;
        if (stopped.has(r.deliveryId)) {
          await recording;
          record(r, released(r));
          continue;
        }
        const { result, fault } = await sendOne(
          ctx,
          r,
          await material(ctx, cache, r.deliveryId),
          r.subscriberId === null ? undefined : fields.get(r.subscriberId),
          recording,
        );
        if (r.subscriberId !== null) fields.delete(r.subscriberId);
        // Rethrows when the previous result could not be written: this message was then
        // dropped before its end, and the lane stops (its rows return after their lease).
        await recording;
        if (fault !== undefined && !stopped.has(r.deliveryId)) {
          stopped.add(r.deliveryId);
          await pauseForFault(db, r.deliveryId, fault);
        }
        record(r, result);
        if (result.state === 'bounced') {
          await recording;
          await recordBounce(db, { deliveryId: r.deliveryId, email: r.email, hard: true }, options);
        }
      }
    } finally {
      await recording;
    }
  };
  try {
    // A claim still under way when the lanes stop brings rows that must not wait for a lease.
    do {
      const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
      const rejected = lanes.find((l) => l.status === 'rejected');
      if (rejected) failure ??= rejected.reason;
      await claiming;
    } while (queue.length > 0 && failure === undefined);
  } finally {
    clearInterval(renewal);
  }
  if (failure !== undefined) throw failure;
  return handled;
}

const released = (r: ClaimedRecipient): RecipientResult => ({
  id: r.id,
  lease: r.lease,
  state: 'queued',
  response: '',
  error: '',
  retryInMs: 0,
  released: true,
});

/** Recipients' field values, loaded only when a template of the batch has personalisation tags. */
async function batchFields(
  ctx: SendingContext,
  claimed: ClaimedRecipient[],
  cache: Map<number, Material>,
) {
  const ids = new Set(claimed.map((r) => r.deliveryId));
  let personal = false;
  for (const id of ids) personal ||= (await material(ctx, cache, id))?.template.personal ?? false;
  return personal
    ? personalFields(
        ctx.db,
        claimed.flatMap((r) => (r.subscriberId === null ? [] : [r.subscriberId])),
      )
    : new Map<number, Record<string, unknown>>();
}

async function sendOne(
  ctx: SendingContext,
  r: ClaimedRecipient,
  m: Material | undefined,
  fields: Record<string, unknown> | undefined,
  acceptAfter: Promise<unknown>,
): Promise<{ result: RecipientResult; fault?: string }> {
  const base = { id: r.id, lease: r.lease, response: '', error: '', retryInMs: 0 };
  if (!m) return { result: { ...base, state: 'failed', error: 'The mailing was deleted.' } };
  const who = ctx.options.tracking === 'counts' ? `d${r.deliveryId}` : String(r.id);
  const message = {
    ...renderMessage(
      m.template,
      { who, email: r.email, subscriberId: r.subscriberId, deliveryId: r.deliveryId, fields },
      ctx.baseUrl(),
      ctx.signer,
    ),
    messageId: r.messageId,
  };
  const outcome = await ctx.transport.send(message, {
    deliveryId: r.deliveryId,
    mailingId: m.mailingId,
    acceptAfter,
  });
  if (outcome.kind === 'sent') {
    return { result: { ...base, state: 'sent', response: outcome.response } };
  }
  if (outcome.kind === 'permanent') {
    return { result: { ...base, state: 'bounced', error: outcome.error } };
  }
  // Nobody's state changes: the attempt is given back and the delivery pauses.
  if (outcome.kind === 'fault') return { result: released(r), fault: outcome.error };
  const retryInMs = ctx.options.retryBaseMs * 3 ** (r.attempts - 1);
  return {
    result: {
      ...base,
      state: r.attempts >= ctx.options.maxAttempts ? 'failed' : 'queued',
      error: outcome.error,
      retryInMs,
    },
  };
}
