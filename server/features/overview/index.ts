import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { overviewRoutes } from './routes.js';

/**
 * The home's data (issue 56): GET /api/v1/overview, one answer whose cards each reads kept
 * counters (cards.ts, warnings.ts), and GET /api/v1/lists/{id}/growth (growth.ts). Its
 * triggers (sql/) keep list_growth_days from subscriber_history and mailing_stat_counts from
 * the statistics records.
 */
export async function overviewPlugin(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(overviewRoutes, { db, sending: app.sending, prefix: '/api/v1' });
}

/** The demo plays its history in the past, then counts the growth days again. */
export { rebuildGrowthDays } from './rebuild.js';
