import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { usersRepository } from '../server/features/identity/index.js';
import { load } from './support/load.js';

export const name =
  'Audit log at 1,000,000 entries: first, middle and deep pages, unfiltered and by user, on PGlite and (with DATABASE_URL) PostgreSQL (BENCH_AUDIT=n for another size)';

const ENTRIES = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const CHUNK = 100_000;
const REPEAT = 30;

export async function run() {
  const engines = process.env.BENCH_ENGINES ?? 'pglite,postgres';
  if (engines.includes('pglite')) {
    const memory = await openDatabase({ memory: true });
    try {
      await benchDatabase('PGlite (in memory)', memory);
    } finally {
      await memory.close();
    }
  }
  if (!engines.includes('postgres')) return;
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   (set DATABASE_URL to also measure PostgreSQL)');
    return;
  }
  const dbName = `mailboard_bench_audit_${process.pid}`;
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

const p95 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;

/** The cursor the API would hand out after the row at `offset` (newest first). */
async function cursorAt(database: Database, offset: number, userId?: number) {
  const result = (await database.db.execute(sql`
    SELECT time, id FROM audit_log ${userId ? sql`WHERE user_id = ${userId}` : sql``}
     ORDER BY time DESC, id DESC OFFSET ${offset} LIMIT 1`)) as unknown as {
    rows: { time: string | Date; id: number | string }[];
  };
  const row = result.rows[0]!;
  const time = new Date(row.time).toISOString();
  return Buffer.from(`${time}|${Number(row.id)}`).toString('base64url');
}

async function benchDatabase(label: string, database: Database) {
  console.log(`\n   -- ${label}, ${ENTRIES.toLocaleString('en')} entries, ${load()}`);
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const started = performance.now();
  // 20 users, 6 resource types, one entry every ~3 s over about a month.
  for (let from = 1; from <= ENTRIES; from += CHUNK) {
    await database.db.execute(sql`
      INSERT INTO audit_log (time, user_id, username, method, route, action, resource_type, resource_id, address, status)
      SELECT timestamptz '2026-01-01' + make_interval(secs => i * 3), 1 + i % 20, 'user' || (i % 20) || '@example.com',
             'POST', '/api/v1/lists/:list_id/subscribers',
             (array['lists.subscribers.create','lists.update','mailings.create','deliveries.pause','campaigns.create','lists.segments.update'])[1 + i % 6],
             (array['subscribers','lists','mailings','deliveries','campaigns','segments'])[1 + i % 6],
             (i % 5000)::text, '203.0.113.' || (i % 250), 201
        FROM generate_series(${from}::int, ${Math.min(from + CHUNK - 1, ENTRIES)}::int) AS i`);
  }
  await database.db.execute(sql`ANALYZE audit_log`);
  console.log(`   seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const app = await buildApp({ database });
  const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
  try {
    const cases: [string, string][] = [
      ['first page', ''],
      ['middle page', `cursor=${await cursorAt(database, Math.floor(ENTRIES / 2))}`],
      ['deep page', `cursor=${await cursorAt(database, ENTRIES - 60)}`],
      ['by user, first page', 'user=7'],
      [
        'by user, deep page',
        `user=7&cursor=${await cursorAt(database, Math.floor(ENTRIES / 20) - 60, 7)}`,
      ],
      [
        'by resource type + period',
        'resource_type=mailings&since=2026-01-10T00:00:00Z&until=2026-01-12T00:00:00Z',
      ],
    ];
    for (const [name, query] of cases) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/audit?page_size=50${query ? `&${query}` : ''}`,
          headers: { authorization },
        });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if ((res.json() as { results: unknown[] }).results.length === 0)
          throw new Error(`${name}: empty page`);
      }
      console.log(
        `   ${name.padEnd(28)} p95 ${p95(times).toFixed(1)} ms (median ${[...times].sort((a, b) => a - b)[REPEAT >> 1]!.toFixed(1)} ms)`,
      );
    }
  } finally {
    await app.close();
  }
}
