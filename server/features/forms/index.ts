import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { sharedSecret } from '../../lib/service-secrets.js';
import { flushOutcomes } from './outcome-counts.js';
import { MIN_FILL_MS } from './protections.js';
import { formPublicRoutes } from './public-routes.js';
import { formsRoutes } from './routes.js';

export type FormsPluginOptions = {
  db: Db;
  /** Accepted submissions per address block (/24, /56) and hour (FORM_IP_BUDGET, default 5). */
  ipBudget?: number;
  /** The minimum fill time in ms (default MIN_FILL_MS, 3 s); benchmarks shorten it. */
  minFillMs?: number;
};

/**
 * Sign-up forms (issue 50, docs/decisions/forms.md): the forms API under /api/v1 and the
 * public hosted page and submissions under /f/.
 */
export async function formsPlugin(app: FastifyInstance, options: FormsPluginOptions) {
  const { db, ipBudget = 5, minFillMs = MIN_FILL_MS } = options;
  let secret: Promise<string> | undefined;
  // Signs the hosted page's timestamps and the proof-of-work challenges, shared by replicas.
  const formSecret = () => (secret ??= sharedSecret(db, 'forms'));
  // Counts of refused submissions still held in memory are written before the database closes.
  app.addHook('onClose', () => flushOutcomes(db).catch(() => undefined));
  await app.register(formsRoutes, { db, prefix: '/api/v1' });
  await app.register(formPublicRoutes, { db, ipBudget, minFillMs, secret: formSecret });
}
