import type { FastifyBaseLogger } from 'fastify';
import { sendRound, type SendingContext } from './sender.js';
import { sendOptinConfirmations } from './optin.js';

export type DeliveryWorker = { stop(): Promise<void> };

/**
 * The in-process delivery loop of a server replica: sends while there is work, else polls
 * every `pollMs` (a scheduled delivery is picked up within about a second or two).
 */
export function startDeliveryWorker(ctx: SendingContext, log?: FastifyBaseLogger): DeliveryWorker {
  let stopped = false;
  let wake = () => {};
  const loop = async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await sendRound(ctx);
        await sendOptinConfirmations(ctx);
      } catch (error) {
        log?.error({ err: error }, 'delivery round failed; its recipients are retried');
      }
      if (stopped || handled > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ctx.options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake();
      await running;
    },
  };
}
