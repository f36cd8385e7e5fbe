import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import { holdLease, releaseLease } from '../../../db/worker-lease.js';
import { pollingLoop } from '../../../lib/polling-loop.js';

const LEASE = 'hit-signal-retention';
/** Rows per UPDATE: a long backlog is cleared in short statements beside live traffic. */
const BATCH = 5_000;
/** Hourly; the lease outlives a pause, so the same replica keeps the job. */
const EVERY_MS = 60 * 60_000;
const LEASE_MS = 2 * EVERY_MS;

/** A hit that still carries one of its signals. */
const withSignals = sql`(client_block IS NOT NULL OR agent_id IS NOT NULL OR seconds IS NOT NULL OR head)`;

/**
 * What a hit told of its client (issue 51: address block, user agent, method, timing) is
 * kept HIT_SIGNAL_RETENTION_DAYS (docs/decisions/hit-signal-retention.md); older hits keep
 * their class, reasons and counts, and reclassification leaves them as they are.
 * `from`: only hits recorded since (what an earlier round of this process cleared up to).
 * Returns how many hits were cleared and the time they were cleared up to.
 */
export async function clearOldSignals(db: Executor, days: number, from: Date | null = null) {
  const upTo = new Date(Date.now() - days * 86_400_000);
  const since = from ? sql`AND datetime >= ${from.toISOString()}::timestamptz` : sql``;
  let cleared = 0;
  for (const table of [sql`stat_opens`, sql`stat_clicks`]) {
    for (;;) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE ${table} SET client_block = NULL, agent_id = NULL, seconds = NULL, head = false
             WHERE id IN (SELECT id FROM ${table}
                           WHERE datetime < ${upTo.toISOString()}::timestamptz ${since} AND ${withSignals}
                           ORDER BY datetime LIMIT ${BATCH})
            RETURNING id`,
      );
      cleared += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return { cleared, upTo };
}

/** The periodic job: one replica at a time (a lease), hourly, where deliveries are sent. */
export function signalRetention(db: Executor, days: number, log?: FastifyBaseLogger) {
  const holder = randomUUID();
  let from: Date | null = null;
  const runOnce = async () => {
    if (!(await holdLease(db, LEASE, holder, LEASE_MS))) return null;
    const round = await clearOldSignals(db, days, from);
    from = round.upTo;
    if (round.cleared > 0)
      log?.info({ cleared: round.cleared, days }, 'tracking: old hit signals cleared');
    return round.cleared;
  };
  let loop: ReturnType<typeof pollingLoop> | undefined;
  return {
    /** One round now; null while another replica holds the job. */
    runOnce,
    start() {
      loop = pollingLoop(
        async () => {
          await runOnce();
          return 0;
        },
        { pollMs: EVERY_MS, ...(log ? { log } : {}), failed: 'tracking: signal retention failed' },
      );
    },
    async stop() {
      await loop?.stop();
      await releaseLease(db, LEASE, holder);
    },
  };
}
