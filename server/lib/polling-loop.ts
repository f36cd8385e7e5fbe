import type { FastifyBaseLogger } from 'fastify';

export type PollingLoop = {
  /** Runs the next round now instead of at the end of the pause. */
  wake(): void;
  /** Ends the loop after the round in progress, if any. */
  stop(): Promise<void>;
};

/**
 * A background worker's loop (deliveries, webhooks, automations): one round after another
 * while a round finds work, else a pause of `pollMs` that `wake` cuts short. A failed round
 * is logged and the loop goes on: its work stays in the database for the next round, here
 * or on another replica.
 */
export function pollingLoop(
  round: () => Promise<number>,
  { pollMs, log, failed }: { pollMs: number; log?: FastifyBaseLogger; failed: string },
): PollingLoop {
  let stopped = false;
  let wake = () => {};
  const loop = async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await round();
      } catch (error) {
        log?.error({ err: error }, failed);
      }
      if (stopped || handled > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const running = loop();
  return {
    wake: () => wake(),
    async stop() {
      stopped = true;
      wake();
      await running;
    },
  };
}
