import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { claimRecipients } from '../server/features/sending/engine/claim.js';
import { populateAudience, startDueDelivery } from '../server/features/sending/engine/queries.js';
import { withPostgresApp } from './support/postgres-app.js';

/**
 * The send-time suppression check (issue 52): the engine's claim statement over the same
 * queued recipients, first with an empty suppression list, then with SUPPRESSION_BENCH_ENTRIES
 * suppressed addresses (100,000 by default; 1,000,000 for the figure), in one run on
 * PostgreSQL. 1 % of the recipients are among the suppressed, so both outcomes are exercised.
 */
const ENTRIES = Number(process.env.SUPPRESSION_BENCH_ENTRIES ?? 100_000);
const RECIPIENTS = Number(process.env.SUPPRESSION_BENCH_RECIPIENTS ?? 10_000);
/** What the engine claims at a time (concurrency 10 × 4 lanes, bench/delivery.bench.ts). */
const CLAIM = 40;

export const name = `Suppression check at send time: claiming ${RECIPIENTS.toLocaleString('en')} recipients with 0 and ${ENTRIES.toLocaleString('en')} suppressed addresses (PostgreSQL)`;

/** Claims every queued recipient, CLAIM at a time; returns µs per recipient. */
async function claimAll(db: Db) {
  const started = performance.now();
  while ((await claimRecipients(db, CLAIM, 60_000, randomUUID())).length > 0);
  const us = ((performance.now() - started) * 1000) / RECIPIENTS;
  const [row] = await queryRows<{ suppressed: string }>(
    db,
    sql`SELECT count(*) FILTER (WHERE state = 'suppressed') AS suppressed FROM delivery_recipients`,
  );
  return { us, suppressed: Number(row!.suppressed) };
}

async function requeue(db: Db) {
  await db.execute(sql`UPDATE delivery_recipients
    SET state = 'queued', lease_token = NULL, locked_until = NULL, attempts = 0, last_error = ''`);
  await db.execute(sql`VACUUM ANALYZE delivery_recipients`);
}

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped (set DATABASE_URL to a PostgreSQL server to measure)');
    return;
  }
  await withPostgresApp(url, async ({ app, database }) => {
    const db = database.db;
    const list = await app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: {
        authorization: `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`,
      },
      payload: { name: 'Bench', default_from_name: 'Bench', default_from_email: 'b@bench.example' },
    });
    const listId = list.json<{ id: number }>().id;
    await db.execute(sql`INSERT INTO subscribers (list_id, email, subscription)
      SELECT ${listId}, 'r' || i || '@recipients.example', 'active'
        FROM generate_series(1, ${RECIPIENTS}) i`);
    const mailing = await app.inject({
      method: 'POST',
      url: '/api/v1/mailings',
      headers: {
        authorization: `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`,
      },
      payload: {
        list: listId,
        name: 'Bench',
        variants: [
          {
            subject: 'Bench',
            layout: { text: 'Hello' },
            deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
          },
        ],
      },
    });
    if (mailing.statusCode !== 201) throw new Error(mailing.body);
    await startDueDelivery(db);
    while (await populateAudience(db, 5000)) {
      const [p] = await queryRows<{ populating: boolean }>(
        db,
        sql`SELECT populating FROM deliveries`,
      );
      if (!p!.populating) break;
    }
    await requeue(db);

    // Alternated, twice each: the machine's load moves more than the check costs.
    const load = async () => {
      const started = performance.now();
      await db.execute(sql`INSERT INTO suppressions (email, reason, source)
        SELECT CASE WHEN i % 100 = 0 AND i / 100 <= ${RECIPIENTS / 100}
                    THEN 'r' || (i / 100 * 100) || '@recipients.example'
                    ELSE 's' || i || '@suppressed.example' END, 'manual', 'bench'
          FROM generate_series(1, ${ENTRIES}) i ON CONFLICT DO NOTHING`);
      await db.execute(sql`INSERT INTO suppressions (domain, reason, source)
        SELECT 'd' || i || '.example', 'manual', 'bench' FROM generate_series(1, 1000) i`);
      await db.execute(sql`VACUUM ANALYZE suppressions`);
      return (performance.now() - started) / 1000;
    };
    const empty = async () => {
      await db.execute(sql`DELETE FROM suppressions`);
      await db.execute(sql`VACUUM ANALYZE suppressions`);
    };
    const without: number[] = [];
    const withList: number[] = [];
    let loaded = 0;
    let suppressed = 0;
    for (let round = 0; round < 2; round++) {
      without.push((await claimAll(db)).us);
      await requeue(db);
      loaded = await load();
      const measured = await claimAll(db);
      withList.push(measured.us);
      suppressed = measured.suppressed;
      await requeue(db);
      await empty();
    }
    const best = (xs: number[]) => Math.min(...xs);
    const extra = best(withList) - best(without);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(
      `   suppressions loaded: ${ENTRIES.toLocaleString('en')} addresses + 1,000 domains in ${loaded.toFixed(1)} s`,
    );
    console.log(`   claim, empty list:   ${fmt(without)} µs per recipient`);
    console.log(
      `   claim, with list:    ${fmt(withList)} µs per recipient (${suppressed.toLocaleString('en')} suppressed)`,
    );
    console.log(
      `   the check's cost (best of each): ${extra.toFixed(1)} µs per recipient, ${((extra / best(without)) * 100).toFixed(1)} % of the claim`,
    );
  });
}
