import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollingLoop } from '../../lib/polling-loop.js';
import type { Db } from '../../db/client.js';
import { automationsRoutes } from './routes.js';
import { advanceDueRuns } from './runs.js';
import { evaluateDueTrigger } from './triggers.js';

// What other parts of the server (the demo data) may use of automations.
export { automationsRepository } from './repository.js';
export { advanceDueRuns } from './runs.js';

export type AutomationOptions = {
  /** The clock (tests move it instead of sleeping for days). */
  now: () => Date;
  /** How often an idle scheduler looks for due runs and trigger checks. */
  pollMs: number;
  /** Runs advanced per transaction. */
  batch: number;
};

export type AutomationsPluginOptions = {
  db: Db;
  options?: Partial<AutomationOptions>;
  /** Run the scheduler loop in this process (the server does; API tests run rounds). */
  worker?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** One scheduler round now: due trigger checks, then due runs (tests drive it). */
    automationRound: () => Promise<number>;
  }
}

/** One round: the due trigger checks, then due runs until none is left or `maxBatches`. */
export async function automationRound(db: Db, options: AutomationOptions, maxBatches = 50) {
  let handled = 0;
  for (let i = 0; i < 20 && (await evaluateDueTrigger(db, options.now())); i++) handled++;
  for (let i = 0; i < maxBatches; i++) {
    const moved = await advanceDueRuns(db, options.now(), options.batch);
    handled += moved;
    if (moved < options.batch) break;
  }
  return handled;
}

function startScheduler(db: Db, options: AutomationOptions, log: FastifyBaseLogger) {
  return pollingLoop(() => automationRound(db, options, 5), {
    pollMs: options.pollMs,
    log,
    failed: 'automation round failed; its runs stay due',
  });
}

/** Automations: the API and the scheduler (docs/decisions/automations.md). */
export const automationsPlugin = fp(
  async (app: FastifyInstance, plugin: AutomationsPluginOptions) => {
    const options: AutomationOptions = {
      now: () => new Date(),
      pollMs: 1000,
      batch: 200,
      ...plugin.options,
    };
    const scheduler = plugin.worker ? startScheduler(plugin.db, options, app.log) : undefined;
    app.decorate('automationRound', () => automationRound(plugin.db, options));
    await app.register(automationsRoutes, {
      prefix: '/api/v1',
      db: plugin.db,
      now: options.now,
      wake: () => scheduler?.wake(),
    });
    app.addHook('onClose', async () => scheduler?.stop());
  },
);
