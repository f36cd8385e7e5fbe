import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { usersRepository } from '../server/features/identity/index.js';
import type { Executor } from '../server/db/client.js';
import {
  audienceCard,
  recentMailingsCard,
  runningDeliveries,
  runningImports,
  waitingAutomations,
} from '../server/features/overview/cards.js';

const SUBSCRIBERS = Number(process.env.BENCH_OVERVIEW_SUBSCRIBERS ?? 100_000);
const CHUNK = 100_000;
const REPEAT = 200;

export const name = `Home: GET /api/v1/overview and a year of growth at a ${SUBSCRIBERS.toLocaleString('en')}-subscriber list, PGlite and (with DATABASE_URL) PostgreSQL (BENCH_OVERVIEW_SUBSCRIBERS=1000000 for the issue's size; targets p95 100 ms PGlite, 50 ms PostgreSQL)`;

export async function run() {
  const memory = await openDatabase({ memory: true });
  try {
    await benchDatabase('PGlite (in memory)', memory);
  } finally {
    await memory.close();
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   (set DATABASE_URL to also measure PostgreSQL)');
    return;
  }
  const dbName = `mailboard_bench_overview_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      await benchDatabase('PostgreSQL', database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchDatabase(label: string, database: Database) {
  console.log(`\n   -- ${label}`);
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const app = await buildApp({ database });
  const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  try {
    const listId = (
      await inject('POST', '/api/v1/lists', {
        name: 'Big list',
        default_from_name: 'Bench',
        default_from_email: 'bench@example.com',
      })
    ).json<{ id: number }>().id;
    let started = performance.now();
    // Through the triggers, as an import writes them: the growth counters move with them.
    for (let from = 1; from <= SUBSCRIBERS; from += CHUNK) {
      const to = Math.min(SUBSCRIBERS, from + CHUNK - 1);
      await database.db.execute(sql`
        INSERT INTO subscribers (list_id, email, subscription)
        SELECT ${listId}, 'user' || i || '@example.com',
               CASE WHEN i % 10 = 0 THEN 'unsubscribed' ELSE 'active' END
          FROM generate_series(${from}::int, ${to}::int) AS i`);
    }
    // A year of days already counted, and five mailings with their statistics.
    await database.db.execute(sql`
      INSERT INTO list_growth_days (list_id, day, subscribed, unsubscribed, active_change)
      SELECT ${listId}, current_date - d, 100, 10, 0 FROM generate_series(1, 365) AS d`);
    for (let m = 1; m <= 5; m++) {
      const mailing = await inject('POST', '/api/v1/mailings', {
        list: listId,
        name: `Mailing ${m}`,
        variants: [
          {
            subject: 'Hi',
            layout: { text: 'Hi' },
            deliveries: [{ scheduled_datetime: '2030-01-01T09:00:00Z' }],
          },
        ],
      });
      const mailingId = mailing.json<{ id: number }>().id;
      await database.db.execute(sql`
        UPDATE deliveries d SET status = 'done', started_datetime = now() - ${`${m} days`}::interval
          FROM variants v WHERE v.id = d.variant_id AND v.mailing_id = ${mailingId}`);
      // A fifth of the list opens, one in ten of them through a machine; clicks on two links.
      for (const [table, count, url] of [
        ['stat_opens', SUBSCRIBERS / 5, null],
        ['stat_clicks', SUBSCRIBERS / 20, 'https://example.com/a'],
        ['stat_clicks', SUBSCRIBERS / 40, 'https://example.com/b'],
      ] as const)
        await database.db.execute(sql`
          INSERT INTO ${sql.identifier(table)} (delivery_id, mailing_id, email, datetime, class
                                                ${url ? sql`, url` : sql``})
          SELECT d.id, ${mailingId}, 'user' || i || '@example.com', now(),
                 CASE WHEN i % 10 = 0 THEN 'apple_proxy' ELSE 'human' END ${url ? sql`, ${url}` : sql``}
            FROM deliveries d JOIN variants v ON v.id = d.variant_id AND v.mailing_id = ${mailingId},
                 generate_series(1, ${Math.floor(count)}::int) AS i`);
    }
    // An automation with a tenth of the list waiting in it.
    await database.db.execute(sql`
      WITH a AS (INSERT INTO automations (list_id, name, state, trigger, trigger_type)
                 VALUES (${listId}, 'Welcome', 'active', '{"type":"subscribed"}', 'subscribed') RETURNING id)
      INSERT INTO automation_runs (automation_id, subscriber_id, email, due_datetime)
      SELECT a.id, i, 'user' || i || '@example.com', now() + interval '1 day'
        FROM a, generate_series(1, ${Math.floor(SUBSCRIBERS / 10)}::int) AS i`);
    console.log(`   seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await inject('GET', '/api/v1/lists');
    await profileCards(database.db);
    for (const [what, url] of [
      ['GET /api/v1/overview', '/api/v1/overview'],
      [
        'GET /lists/{id}/growth (365 days)',
        `/api/v1/lists/${listId}/growth?from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`,
      ],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        started = performance.now();
        const res = await inject('GET', url);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(2);
      console.log(
        `   ${what.padEnd(36)} ${REPEAT} requests: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`,
      );
    }
  } finally {
    await app.close();
  }
}

/**
 * Each card's queries under EXPLAIN ANALYZE (the executor runs them explained, so the card
 * sees no rows): its database time. BENCH_OVERVIEW_PLANS=1 prints the plans too.
 */
async function profileCards(db: Executor) {
  const cards = {
    audienceCard,
    recentMailingsCard,
    runningDeliveries,
    waitingAutomations,
    runningImports,
  };
  for (const [name, card] of Object.entries(cards)) {
    const plans: string[] = [];
    const explaining = {
      execute: async (query: Parameters<Executor['execute']>[0]) => {
        const result = (await db.execute(sql`EXPLAIN ANALYZE ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [] };
      },
    } as unknown as Executor;
    await card(explaining, null);
    const ms = plans.map((plan) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?');
    console.log(`   ${name.padEnd(36)} EXPLAIN ANALYZE execution ${ms.join(' + ')} ms`);
    if (process.env.BENCH_OVERVIEW_PLANS) console.log(plans.join('\n'));
  }
}
