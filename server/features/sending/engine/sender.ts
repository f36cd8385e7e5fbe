import { randomUUID } from 'node:crypto';
import { recordBounce } from '../bounces/record-bounce.js';
import { applyBrake } from '../brake/brake.js';
import type { SendingContext } from '../context.js';
import {
  claimRecipients,
  renewLeases,
  requeueExpiredLeases,
  type ClaimedRecipient,
} from './claim.js';
import {
  finishDrained,
  markMissed,
  pauseForFault,
  populateAudience,
  startDueDelivery,
  type RecipientResult,
} from './queries.js';
import { resultWriter } from './result-writer.js';
import {
  batchFields,
  material,
  released,
  sendOne,
  type MaterialCache,
  type SendResult,
} from './send-one.js';

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
 * next chunk of an audience is written, deliveries over a complaint or bounce line pause
 * (the brake), and due recipients are sent for up to ROUND_MS.
 * Returns how many recipients it handled (0 = idle).
 */
export async function sendRound(ctx: SendingContext, cache: MaterialCache = new Map()) {
  const { db, options } = ctx;
  await markMissed(db, options.graceMs);
  while ((await startDueDelivery(db)) !== null);
  await populateAudience(db);
  await requeueExpiredLeases(db);
  // Before sending: a delivery whose complaints or hard bounces passed a line stops here.
  await applyBrake(ctx);
  const handled = await sendDue(ctx, cache);
  await finishDrained(db);
  return handled;
}

/** What the lanes of one sendDue share. */
type Lanes = {
  ctx: SendingContext;
  cache: MaterialCache;
  /** Messages in flight at once: one per lane. */
  concurrency: number;
  /** This sendDue's claim token. */
  lease: string;
  /** No claim starts after this (performance.now()); what is claimed by then is sent. */
  end: number;
  /** Claimed recipients no lane has taken yet. */
  queue: ClaimedRecipient[];
  /** Claimed rows whose result is not written yet: their leases are renewed. */
  held: Set<number>;
  /**
   * Deliveries not to send any more of in this round: a server fault, or paused or cancelled
   * meanwhile (each result write says so); their claimed rows are given back unsent.
   */
  stopped: Set<number>;
  /** Recipients' field values for personalisation tags, loaded with each claim that needs them. */
  fields: Map<number, Record<string, unknown>>;
  writer: ReturnType<typeof resultWriter>;
  handled: number;
  /** No more due recipients (or a claim failed): lanes stop once the queue is empty. */
  exhausted: boolean;
  /** The first error of a claim or a lane: sendDue throws it once every lane has stopped. */
  failure: unknown;
  /** The claim under way, if any: one at a time. */
  claiming: Promise<void> | undefined;
};

/**
 * Sends due recipients, `concurrency` messages in flight, claiming a few at a time just
 * ahead of the lanes (docs/decisions/delivery-engine.md). Each result is committed as soon as the relay
 * answered; a lane's next message travels meanwhile but its end waits for that commit, so a
 * crash can repeat at most one message per lane. Leases are renewed while rows are held.
 */
async function sendDue(ctx: SendingContext, cache: MaterialCache): Promise<number> {
  const lanes = openLanes(ctx, cache);
  const renewal = renewLeasesWhileHeld(lanes);
  try {
    // A claim still under way when the lanes stop brings rows that must not wait for a lease.
    do {
      await runLanes(lanes);
      await lanes.claiming;
    } while (lanes.queue.length > 0 && lanes.failure === undefined);
  } finally {
    clearInterval(renewal);
  }
  if (lanes.failure !== undefined) throw lanes.failure;
  return lanes.handled;
}

/** A fresh lease, an empty queue and the result writer the lanes share. */
function openLanes(ctx: SendingContext, cache: MaterialCache): Lanes {
  const concurrency = Math.max(1, ctx.options.concurrency);
  return {
    ctx,
    cache,
    concurrency,
    lease: randomUUID(),
    end: performance.now() + ROUND_MS,
    queue: [],
    held: new Set(),
    stopped: new Set(),
    fields: new Map(),
    // A few milliseconds' wait lets the lanes' results share one statement: each lane's next
    // message is being transmitted meanwhile, only its end waits for the commit. 10 ms brings
    // nearly every lane into each write (4.8 results a write at 5 lanes through Postfix, 2.7
    // at 3 ms), which saved a fifth of the machine's CPU per message; at a distant relay it is
    // a small part of a message's round trips.
    writer: resultWriter(ctx.db, { gather: concurrency, lingerMs: RESULT_LINGER_MS }),
    handled: 0,
    exhausted: false,
    failure: undefined,
    claiming: undefined,
  };
}

/** Claims the next batch into the queue; joins the claim under way, if any. */
function claimBatch(lanes: Lanes): Promise<void> {
  return (lanes.claiming ??= claimInto(lanes).finally(() => (lanes.claiming = undefined)));
}

/** Claims due recipients under this lease and holds them with their fields; a failure stops all. */
async function claimInto(lanes: Lanes) {
  const { ctx, cache, concurrency, lease } = lanes;
  try {
    const got = await claimRecipients(
      ctx.db,
      concurrency * CLAIM_LANES,
      ctx.options.leaseMs,
      lease,
    );
    if (got.length === 0) lanes.exhausted = true;
    for (const [id, values] of await batchFields(ctx, got, cache)) lanes.fields.set(id, values);
    for (const r of got) lanes.held.add(r.id);
    lanes.queue.push(...got);
    lanes.handled += got.length;
  } catch (error) {
    lanes.failure ??= error;
    lanes.exhausted = true;
  }
}

/** Renews the leases of held rows every third of a lease, until cleared. */
function renewLeasesWhileHeld(lanes: Lanes) {
  const { db, options } = lanes.ctx;
  return setInterval(() => {
    void renewLeases(db, [...lanes.held], lanes.lease, options.leaseMs).then(
      (still) => {
        // Taken over by another worker (this process stalled): not sent from here.
        const { queue, held } = lanes;
        for (let i = queue.length - 1; i >= 0; i--) {
          if (!still.has(queue[i]!.id)) held.delete(queue.splice(i, 1)[0]!.id);
        }
      },
      () => undefined, // the database is away: the next renewal tries again
    );
  }, options.leaseMs / 3);
}

/** Runs `concurrency` lanes until each has stopped; the first lane's error is the failure. */
async function runLanes(lanes: Lanes) {
  const settled = await Promise.allSettled(
    Array.from({ length: lanes.concurrency }, () => runLane(lanes)),
  );
  const rejected = settled.find((l) => l.status === 'rejected');
  if (rejected) lanes.failure ??= rejected.reason;
}

/**
 * One lane: takes the next claimed recipient, sends it and records the result, until the
 * queue is empty and nothing more may be claimed.
 */
async function runLane(lanes: Lanes) {
  const results = laneResults(lanes);
  try {
    for (let r = await nextRecipient(lanes); r; r = await nextRecipient(lanes)) {
      if (lanes.stopped.has(r.deliveryId)) {
        await results.last;
        results.record(r, released(r));
        continue;
      }
      const { result, fault } = await sendRecipient(lanes, r, results.last);
      // Rethrows when the previous result could not be written: this message was then
      // dropped before its end, and the lane stops (its rows return after their lease).
      await results.last;
      if (fault !== undefined) await pauseDelivery(lanes, r.deliveryId, fault);
      results.record(r, result);
      if (result.state === 'bounced') {
        await results.last;
        await recordBounce(
          lanes.ctx.db,
          { deliveryId: r.deliveryId, email: r.email, hard: true },
          lanes.ctx.options,
        );
      }
    }
  } finally {
    await results.last;
  }
}

/**
 * The lane's next recipient, claiming more ahead of need (the queue down to one per lane) or,
 * with an empty queue, waiting for a claim; undefined when the lane is done: nothing more is
 * due, or the round's time is up.
 */
async function nextRecipient(lanes: Lanes): Promise<ClaimedRecipient | undefined> {
  while (lanes.queue.length === 0) {
    if (lanes.exhausted || performance.now() > lanes.end) return undefined;
    await claimBatch(lanes);
  }
  if (lanes.queue.length <= lanes.concurrency && !lanes.exhausted && performance.now() <= lanes.end)
    void claimBatch(lanes);
  return lanes.queue.shift()!;
}

/** Renders and sends one recipient's message; its end waits for `acceptAfter` (SendRefs). */
async function sendRecipient(
  lanes: Lanes,
  r: ClaimedRecipient,
  acceptAfter: Promise<unknown>,
): Promise<SendResult> {
  const m = await material(lanes.ctx, lanes.cache, r.deliveryId);
  const fields = r.subscriberId === null ? undefined : lanes.fields.get(r.subscriberId);
  const sent = await sendOne(lanes.ctx, r, m, fields, acceptAfter);
  if (r.subscriberId !== null) lanes.fields.delete(r.subscriberId);
  return sent;
}

/** A server fault: the delivery pauses (once), and the lanes give back what they hold of it. */
async function pauseDelivery(lanes: Lanes, deliveryId: number, fault: string) {
  if (lanes.stopped.has(deliveryId)) return;
  lanes.stopped.add(deliveryId);
  await pauseForFault(lanes.ctx.db, deliveryId, fault);
}

/**
 * A lane's result writes. `last` is its latest result while it is being written: the next
 * message's end waits for it (SendRefs.acceptAfter), so at most one accepted message per lane
 * is unrecorded.
 */
function laneResults(lanes: Lanes) {
  const results = {
    last: Promise.resolve(),
    record(r: ClaimedRecipient, result: RecipientResult) {
      results.last = recordResult(lanes, r, result);
      results.last.catch(() => undefined); // awaited by the lane; a rejection must not go unhandled
    },
  };
  return results;
}

/** Writes one result (shared with the other lanes' in one statement); the row is no longer held. */
async function recordResult(lanes: Lanes, r: ClaimedRecipient, result: RecipientResult) {
  for (const id of await lanes.writer.record(result)) lanes.stopped.add(id);
  lanes.held.delete(r.id);
}
