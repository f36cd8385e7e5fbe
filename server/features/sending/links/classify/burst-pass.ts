import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../../db/client.js';
import { pollingLoop } from '../../../../lib/polling-loop.js';
import { BURST } from './classify.js';
import { settleBursts } from './burst.js';

/** How often the burst pass looks at the last clicks (their window has passed by then). */
const EVERY_MS = 30_000;

/**
 * The second pass of classification (docs/decisions/human-machine.md): every 30 s, the
 * clicks of the last BURST.lookbackMinutes are checked for bursts and trap clients. Any
 * replica may run it; two at once mark the same clicks alike.
 */
export function startBurstPass(db: Executor, log?: FastifyBaseLogger) {
  return pollingLoop(
    async () => {
      await settleBursts(db, new Date(Date.now() - BURST.lookbackMinutes * 60_000));
      return 0;
    },
    { pollMs: EVERY_MS, ...(log ? { log } : {}), failed: 'tracking: burst pass failed' },
  );
}
