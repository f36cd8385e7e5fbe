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
  // A wake during a round: the round may have looked before the work appeared, so the next
  // one runs without the pause.
  let woken = false;
  let cutPause = () => {};
  const loop = async () => {
    while (!stopped) {
      let handled = 0;
      woken = false;
      try {
        handled = await round();
      } catch (error) {
        log?.error({ err: error }, failed);
      }
      if (stopped || handled > 0 || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        cutPause = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      cutPause = () => {};
    }
  };
  const running = loop();
  return {
    wake: () => {
      woken = true;
      cutPause();
    },
    async stop() {
      stopped = true;
      cutPause();
      await running;
    },
  };
}
