import type { InboundEvent } from '../ingest.js';

/** Writes several requests' events in one transaction; answers each group's count. */
type WriteGroups = (groups: InboundEvent[][]) => Promise<number[]>;

type Waiting = {
  events: InboundEvent[];
  resolve: (recorded: number) => void;
  reject: (error: unknown) => void;
};

/** Events in one write at most: a write holds PGlite's one connection while it lasts. */
const MAX_EVENTS_A_WRITE = 2_000;

/**
 * Pools concurrent webhook requests' events into one write: a request arriving while a
 * write is in flight joins the next one, so a relay's stream of one-event posts costs a
 * few statements a write instead of a handful a request (on PGlite, where every statement
 * holds the server's one thread, that is what bounded the rate: ~36 requests/s). Each
 * request's promise settles once the write holding its events has committed, with how many
 * of them changed something. A write that fails changed nothing (one transaction); its
 * requests are then written one by one, so one request's failure is its own and the
 * others' events are still recorded.
 */
export function eventWriter(write: WriteGroups, maxEvents = MAX_EVENTS_A_WRITE) {
  const waiting: Waiting[] = [];
  let writing = false;

  /** The requests of the next write: the oldest, and those after it that fit. */
  function next(): Waiting[] {
    const taken = [waiting.shift()!];
    let events = taken[0]!.events.length;
    while (waiting.length > 0 && events + waiting[0]!.events.length <= maxEvents) {
      events += waiting[0]!.events.length;
      taken.push(waiting.shift()!);
    }
    return taken;
  }

  async function writeAlone(request: Waiting) {
    try {
      request.resolve((await write([request.events]))[0]!);
    } catch (error) {
      request.reject(error);
    }
  }

  async function drain() {
    while (waiting.length > 0) {
      const batch = next();
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        continue;
      }
      let counts: number[];
      try {
        counts = await write(batch.map((r) => r.events));
      } catch {
        for (const request of batch) await writeAlone(request);
        continue;
      }
      batch.forEach((request, i) => request.resolve(counts[i]!));
    }
    writing = false;
  }

  return function record(events: InboundEvent[]): Promise<number> {
    if (events.length === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      if (writing) return;
      writing = true;
      // After this turn's other arrivals (bodies read in the same poll), which join it.
      setImmediate(() => void drain());
    });
  };
}
