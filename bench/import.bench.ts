import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/features/imports/repository.js';
import {
  DEFAULT_BATCH_SIZE,
  PGLITE_BATCH_SIZE,
  runImportJobs,
} from '../server/features/imports/worker.js';
import { usersRepository } from '../server/features/users/repository.js';

/** 1,000,000 by default; IMPORT_BENCH_ROWS for a quicker look. */
const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 1_000_000);

export const name = `CSV import: ${ROWS.toLocaleString('en')} rows uploaded over HTTP and processed as a job`;
const USER = { username: 'bench@example.com', password: 'bench-password' };
const authorization = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;
const targets = { postgres: 50_000, pglite: 20_000 } as const;

/** A realistic file: mixed-case addresses, names with accents, dates, codes, 1% bad rows
 * and 1% repeats. */
async function generateCsv(file: string) {
  const first = ['Ada', 'Jürgen', 'Zoë', 'Chloé', 'Björn', 'Noah', 'Mia', 'Luca'];
  const last = ['Lovelace', 'Müller', 'García', "O'Brien", 'Weiß', 'Rossi', 'Nguyen'];
  const regions = ['DE', 'CH', 'FR', 'IT', 'GB', 'US', 'DE-BY', ''];
  async function* lines() {
    yield 'email,first_name,last_name,gender,date_of_birth,language,region\n';
    let block = '';
    for (let i = 0; i < ROWS; i++) {
      const email =
        i % 100 === 7
          ? `broken-${i}`
          : i % 100 === 42
            ? `User${i - 40}@Example.com`
            : `user${i}@example.com`;
      const dob = `19${50 + (i % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      block += `${email},${first[i % first.length]},"${last[i % last.length]}",${i % 3 === 0 ? 'f' : 'm'},${dob},en,${regions[i % regions.length]}\n`;
      if (block.length > 64 * 1024) {
        yield block;
        block = '';
      }
    }
    yield block;
  }
  await pipeline(lines, createWriteStream(file));
}

/** Streams the file as multipart/form-data over a real socket (never buffered whole). */
async function upload(app: App, listId: number, file: string): Promise<number> {
  const { port } = app.server.address() as AddressInfo;
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const size = (await stat(file)).size;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/lists/${listId}/imports`,
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request
      .on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
  await pipeline(async function* () {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }, request);
  const { status, body } = await response;
  if (status !== 201) throw new Error(`upload answered ${status}: ${body}`);
  return (JSON.parse(body) as { id: number }).id;
}

/** Subscriber history (0005) is recorded by these triggers; `history: false` measures without. */
const historyTriggers = ['subscribers_history_insert', 'subscribers_history_update'];

async function measure(
  kind: 'pglite' | 'postgres',
  database: Database,
  file: string,
  history: boolean,
) {
  await database.migrate();
  if (!history)
    for (const trigger of historyTriggers)
      await database.db.execute(sql.raw(`ALTER TABLE subscribers DISABLE TRIGGER ${trigger}`));
  await usersRepository(database.db).create(USER.username, USER.password);
  const app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { authorization },
      payload: { name: 'Bench', default_from_name: 'Bench', default_from_email: 'b@example.com' },
    });
    const listId = (created.json() as { id: number }).id;
    const probe = await app.inject({
      method: 'GET',
      url: `/api/v1/lists/${listId}/subscribers`,
      headers: { authorization },
    });
    const viaApi = probe.statusCode === 200;
    const read = viaApi
      ? () =>
          app.inject({
            method: 'GET',
            url: `/api/v1/lists/${listId}/subscribers`,
            headers: { authorization },
          })
      : () =>
          queryRows(
            database.db,
            sql`SELECT * FROM subscribers WHERE list_id = ${listId} ORDER BY id LIMIT 25`,
          );

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);

    const uploadStart = performance.now();
    const importId = await upload(app, listId, file);
    const uploadMs = performance.now() - uploadStart;

    const batchSize = kind === 'pglite' ? PGLITE_BATCH_SIZE : DEFAULT_BATCH_SIZE;
    const started = performance.now();
    let reading = true;
    const latencies: number[] = [];
    let worst = 0;
    let worstAt = 0;
    const reader = (async () => {
      while (reading) {
        const t0 = performance.now();
        await read();
        const took = performance.now() - t0;
        if (took > worst) {
          worst = took;
          worstAt = t0 - started;
        }
        latencies.push(took);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    await runImportJobs(database.db, { batchSize });
    const processMs = performance.now() - started;
    reading = false;
    await reader;
    clearInterval(sampler);

    const [result] = await queryRows<{ status: string; total_rows: number; created: number }>(
      database.db,
      sql`SELECT status, total_rows, created, skipped_duplicate, invalid FROM imports WHERE id = ${importId}`,
    );
    const rows = Number(result?.total_rows ?? 0);
    const rate = Math.round(rows / (processMs / 1000));
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor((latencies.length - 1) * 0.95)] ?? 0;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `   ${kind}, history ${history ? 'recorded' : 'off'} (batches of ${batchSize} rows): ${JSON.stringify(result)}`,
    );
    console.log(`     upload      ${(uploadMs / 1000).toFixed(1)} s`);
    console.log(
      `     processing  ${(processMs / 1000).toFixed(1)} s = ${rate.toLocaleString('en')} rows/s (target ≥ ${targets[kind].toLocaleString('en')})`,
    );
    console.log(`     RSS growth  ${mb(peak - baseline)} MB peak (target < 200 MB)`);
    console.log(
      `     reads       ${latencies.length} ${viaApi ? 'GET …/subscribers' : 'SELECT … LIMIT 25'} during the import: p95 ${p95.toFixed(0)} ms, worst ${worst.toFixed(0)} ms at ${(worstAt / 1000).toFixed(1)} s (target < 200 ms)`,
    );
  } finally {
    await app.close();
  }
}

/**
 * The pool's sockets may still be closing after `end()`; terminating them (FORCE) would
 * make the closed pool emit an error, so wait for them instead.
 */
async function dropDatabase(admin: pg.Client, dbName: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

export async function run() {
  const dir = await mkdtemp(path.join(tmpdir(), 'mailboard-import-bench-'));
  try {
    const file = path.join(dir, 'subscribers.csv');
    const t0 = performance.now();
    await generateCsv(file);
    const size = (await stat(file)).size;
    console.log(
      `   generated ${ROWS.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    for (const history of [false, true]) {
      const pglite = await openDatabase({ dataDir: path.join(dir, `pglite-${history}`) });
      try {
        await measure('pglite', pglite, file, history);
      } finally {
        await pglite.close();
      }
    }

    const url = process.env.DATABASE_URL;
    if (!url) {
      console.log('   postgres: skipped (set DATABASE_URL to measure PostgreSQL)');
      return;
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const history of [false, true]) {
        const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${dbName}`);
        try {
          const target = new URL(url);
          target.pathname = `/${dbName}`;
          const postgres = await openDatabase({ databaseUrl: target.toString() });
          try {
            await measure('postgres', postgres, file, history);
          } finally {
            await postgres.close();
          }
        } finally {
          await dropDatabase(admin, dbName);
        }
      }
    } finally {
      await admin.end();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
