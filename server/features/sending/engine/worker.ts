import type { FastifyBaseLogger } from 'fastify';
import type { SendingContext } from '../context.js';
import { sendRound } from './sender.js';
import { sendOptinConfirmations } from './optin-confirmations.js';
import { pollingLoop } from '../../../lib/polling-loop.js';

/** `wake`: a delivery may have become due (made or changed through the API): look now. */
export type DeliveryWorker = { stop(): Promise<void>; wake(): void };

/**
 * The in-process delivery loop of a server replica: sends while there is work, else polls
 * every `pollMs` (a scheduled delivery is picked up within about a second or two).
 */
export function startDeliveryWorker(ctx: SendingContext, log?: FastifyBaseLogger): DeliveryWorker {
  return pollingLoop(
    async () => {
      const handled = await sendRound(ctx);
      await sendOptinConfirmations(ctx);
      return handled;
    },
    {
      pollMs: ctx.options.pollMs,
      ...(log ? { log } : {}),
      failed: 'delivery round failed; its recipients are retried',
    },
  );
}
