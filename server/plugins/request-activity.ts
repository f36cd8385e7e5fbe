import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Requests being answered, so background work can let them go first. PGlite has one
 * connection: a request that arrives while an import batch (or a VACUUM, an ANALYZE) runs
 * waits for it, and one that arrives before the next starts would wait for that one too.
 * Background work awaits `requestsFirst` (below) before each statement, so a request waits
 * for at most the one already running.
 */
export type RequestActivity = {
  readonly inFlight: number;
  /** True while a request is in flight and for `withinMs` after the last one ended. */
  recentlyActive(withinMs: number): boolean;
  /** Resolves once no request is in flight, or after `maxWaitMs` (so steady traffic
   * slows background work without stopping it). */
  whenIdle(maxWaitMs: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's requests in flight (server/app.ts). */
    requestActivity: RequestActivity;
  }
}

/** Counts the requests of routes registered after this call. */
export function trackRequestActivity(app: FastifyInstance): RequestActivity {
  let inFlight = 0;
  let lastEndedAt = -Infinity;
  let waiters: (() => void)[] = [];
  const ended = () => {
    inFlight--;
    lastEndedAt = performance.now();
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  app.addHook('onRequest', async (request, reply) => {
    // An upload streams for as long as the network takes (up to 200 MB): mostly waiting for
    // bytes, not for the database, so it does not hold back an import meanwhile.
    if (request.headers['content-type']?.startsWith('multipart/')) return;
    inFlight++;
    // 'close' follows every response, sent or cut off by the client, exactly once.
    reply.raw.once('close', ended);
  });
  return {
    get inFlight() {
      return inFlight;
    },
    recentlyActive(withinMs) {
      return inFlight > 0 || performance.now() - lastEndedAt < withinMs;
    },
    whenIdle(maxWaitMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== done);
          resolve();
        };
        const timer = setTimeout(done, maxWaitMs);
        waiters.push(done);
      });
    },
  };
}

/**
 * How long background work on PGlite (an import batch, a VACUUM or ANALYZE) waits at most
 * for a moment without requests: a request then waits for the one statement already
 * running, not for the next ones too. Steady traffic still lets the work go on at this pace.
 */
const REQUESTS_FIRST_MAX_WAIT_MS = 500;

/**
 * Awaited by background work on PGlite before each statement or batch. It first yields to
 * the event loop: PGlite answers through promises alone, so without it one batch after
 * another (and the parsing between them) would run in a single task, and a request that
 * arrived meanwhile would not even be read, let alone counted, until they were all done.
 */
export async function requestsFirst(requests?: RequestActivity) {
  await yieldToEventLoop();
  await requests?.whenIdle(REQUESTS_FIRST_MAX_WAIT_MS);
}
