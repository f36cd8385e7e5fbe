import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { build } from 'vite';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import {
  prepareSubscriberPages,
  subscriberPagesPrepared,
} from '../server/features/subscribers/page-blocks.js';
import { anchorsBuilt } from '../server/features/subscribers/page-anchors.js';
import { useOneStatementPages } from '../server/features/subscribers/page-statement.js';
import { usersRepository } from '../server/features/identity/index.js';
import { DASHBOARD_LOCALES } from '../contract/dashboard-locales';
import { measureFirstScreen, type Download } from './support/first-screen.js';
import { load } from './support/load.js';
import { withPostgresApp } from './support/postgres-app.js';
import { throughput } from './support/throughput.js';

export const name =
  'Issue 33 report: page throughput against /api/v1/regions, deep pages, imports, first screens (REPORT_PARTS=throughput,deep,import,screens; DATABASE_URL adds PostgreSQL)';

const SECONDS = Number(process.env.REPORT_SECONDS ?? 10);
const DEMO_ROWS = Number(process.env.REPORT_DEMO_ROWS ?? 10_000);
const DEEP_ROWS = Number(process.env.REPORT_DEEP_ROWS ?? 1_000_000);
const PORT = Number(process.env.REPORT_PORT ?? 0);
const parts = (process.env.REPORT_PARTS ?? 'throughput,deep,import,screens').split(',');
/** `pglite` or `postgres` to measure pages on one engine only (PostgreSQL needs DATABASE_URL). */
const ENGINE_ONLY = process.env.REPORT_ENGINE_ONLY;

type Line = { measure: string; figure: string; target: string; ok: boolean | undefined };
const lines: Line[] = [];
const add = (measure: string, figure: string, target = '', ok?: boolean) => {
  lines.push({ measure, figure, target, ok });
  console.log(`   ${measure}: ${figure}${target ? `  (target ${target})` : ''}`);
};

export async function run() {
  const engines: [
    string,
    (work: (db: Database, app: App, auth: string) => Promise<void>) => Promise<void>,
  ][] = [['PGlite', withPglite]];
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    engines.push([
      'PostgreSQL',
      (work) =>
        withPostgresApp(url, async ({ app, database, authorization }) => {
          try {
            await work(database, app, authorization);
          } finally {
            await app.close();
          }
        }),
    ]);
  } else console.log('   (set DATABASE_URL to also measure PostgreSQL)');
  for (const [engine, open] of engines) {
    if (ENGINE_ONLY && ENGINE_ONLY !== (engine === 'PGlite' ? 'pglite' : 'postgres')) continue;
    if (parts.includes('throughput'))
      await open((db, app, auth) => pageThroughput(engine, db, app, auth));
    if (parts.includes('deep')) await open((db, app, auth) => deepPages(engine, db, app, auth));
  }
  if (parts.includes('import')) await imports();
  if (parts.includes('screens')) await firstScreens();
  console.log(`\n   ${'measure'.padEnd(64)} ${'figure'.padEnd(40)} target`);
  for (const l of lines) {
    const verdict = l.ok === undefined ? '' : l.ok ? '  ok' : '  MISSED';
    console.log(`   ${l.measure.padEnd(64)} ${l.figure.padEnd(40)} ${l.target}${verdict}`);
  }
  console.log(`   (${load()} at the end)`);
}

async function withPglite(work: (db: Database, app: App, auth: string) => Promise<void>) {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    await usersRepository(database.db).create('bench@example.com', 'bench-password');
    const app = await buildApp({ database });
    const auth = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
    try {
      await work(database, app, auth);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function createList(app: App, authorization: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/lists',
    headers: { authorization },
    payload: { name: 'Report', default_from_name: 'Bench', default_from_email: 'b@example.com' },
  });
  return (res.json() as { id: number }).id;
}

async function seed(database: Database, listId: number, rows: number) {
  for (let from = 1; from <= rows; from += 100_000) {
    await database.db.execute(sql`
      INSERT INTO subscribers (list_id, subscription, email, first_name, last_name, language, region, custom)
      SELECT ${listId},
             (ARRAY['active','active','active','active','active','active','pending','bounced','unsubscribed','deleted'])[1 + i % 10],
             'user' || i || '@example.com', 'First' || (i % 997), 'Last' || (i % 4999), 'en', 'CH-ZH',
             jsonb_build_object('customer_id', i, 'company', 'Company ' || (i % 50))
        FROM generate_series(${from}::int, ${Math.min(from + 99_999, rows)}::int) AS i`);
  }
  await database.db.execute(sql`VACUUM ANALYZE subscribers`);
}

/** Point 1: req/s of 25-row pages as a ratio of the reference-data route's, same run. */
async function pageThroughput(engine: string, database: Database, app: App, auth: string) {
  console.log(
    `\n   -- ${engine}: throughput, ${DEMO_ROWS} subscribers, 20 connections, ${SECONDS} s each, ${load()}`,
  );
  for (const field of ['customer_id', 'company']) {
    await app.inject({
      method: 'POST',
      url: '/api/v1/fields',
      headers: { authorization: auth },
      payload: { name: field, type: field === 'company' ? 'string' : 'integer' },
    });
  }
  const listId = await createList(app, auth);
  await seed(database, listId, DEMO_ROWS);
  await app.listen({ host: '127.0.0.1', port: PORT });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: auth };
  const measure = (url: string) => throughput(`${base}${url}`, headers, { seconds: SECONDS });
  const reference = await measure('/regions');
  add(`${engine}: /api/v1/regions (reference)`, describe(reference));
  const pages = `/lists/${listId}/subscribers?page_size=25`;
  const target = engine === 'PGlite' ? 0.12 : 0.3;
  for (const [label, url] of [
    ['25-row page', pages],
    ['25-row page, state filter + ordering', `${pages}&subscription=active&ordering=-email`],
  ] as const) {
    const figures = await measure(url);
    const ratio = figures.perSecond / reference.perSecond;
    const p99ok = engine === 'PGlite' || figures.p99 <= 50;
    add(
      `${engine}: ${label}`,
      `${describe(figures)} = ${ratio.toFixed(2)}×`,
      `≥ ${target}×${engine === 'PGlite' ? '' : ', p99 ≤ 50 ms'}`,
      ratio >= target && p99ok,
    );
  }
  // The same page found in steps (list, fields, version, count, page), for the comparison.
  useOneStatementPages(false);
  try {
    const steps = await measure(pages);
    add(
      `${engine}: 25-row page in steps (before issue 33)`,
      `${describe(steps)} = ${(steps.perSecond / reference.perSecond).toFixed(2)}×`,
    );
  } finally {
    useOneStatementPages(true);
  }
}

const describe = (t: { perSecond: number; p50: number; p99: number }) =>
  `${t.perSecond.toFixed(0)} req/s, p50 ${t.p50.toFixed(1)}, p99 ${t.p99.toFixed(1)} ms`;

/**
 * Requests per deep-page case, the first of them cold: enough that p95 is not simply the
 * slowest (with 11 it was), and the cold request is still one of the sample.
 */
const DEEP_REQUESTS = Number(process.env.REPORT_DEEP_REQUESTS ?? 40);
/** REPORT_DEEP_CASES=1 prints every case: its p50, p95, slowest, and the GC pauses among them. */
const PRINT_CASES = process.env.REPORT_DEEP_CASES === '1';

/** Milliseconds of this process's garbage collection from now until `stop()`. */
function gcTime() {
  let ms = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) ms += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      // Entries are delivered asynchronously; takeRecords has those not yet delivered.
      for (const entry of observer.takeRecords()) ms += entry.duration;
      observer.disconnect();
      return ms;
    },
  };
}

/** Point 2: every kind of page of a DEEP_ROWS list, p95 of a cold request and the rest. */
async function deepPages(engine: string, database: Database, app: App, auth: string) {
  console.log(
    `\n   -- ${engine}: deep pages, ${DEEP_ROWS.toLocaleString('en')} subscribers, ${load()}`,
  );
  const listId = await createList(app, auth);
  await seed(database, listId, DEEP_ROWS);
  await prepareSubscriberPages(database.db, listId);
  await subscriberPagesPrepared();
  const limit = engine === 'PGlite' ? 100 : 50;
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: auth } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return { ms: performance.now() - t0, count: (res.json() as { count: number }).count };
  };
  const base = `/api/v1/lists/${listId}/subscribers`;
  let worst = { p95: 0, label: '' };
  let slowest = { ms: 0, label: '' };
  for (const filter of ['', '&subscription=active']) {
    for (const ordering of ['id', '-id', 'email', '-email', 'subscription']) {
      for (const size of [25, 1000]) {
        const query = `${base}?ordering=${ordering}&page_size=${size}${filter}`;
        const { count } = await get(query);
        const last = Math.max(1, Math.ceil(count / size));
        for (const page of [1, Math.ceil(last / 2), last]) {
          const gc = gcTime();
          const times = [(await get(`${query}&page=${page}`)).ms];
          await anchorsBuilt();
          for (let i = 1; i < DEEP_REQUESTS; i++)
            times.push((await get(`${query}&page=${page}`)).ms);
          const gcMs = gc.stop();
          const cold = times[0]!;
          times.sort((a, b) => a - b);
          const p95 = times[Math.ceil((times.length - 1) * 0.95)]!;
          const label = `${ordering}${filter} ${size}/page p${page}`;
          if (PRINT_CASES)
            console.log(
              `   ${label.padEnd(40)} p50 ${times[times.length >> 1]!.toFixed(1)}, p95 ${p95.toFixed(1)}, slowest ${times.at(-1)!.toFixed(1)}, cold ${cold.toFixed(1)} ms; GC ${gcMs.toFixed(1)} ms in all`,
            );
          if (p95 > worst.p95) worst = { p95, label };
          if (times.at(-1)! > slowest.ms) slowest = { ms: times.at(-1)!, label };
        }
      }
    }
  }
  console.log(
    `   ${engine}: the slowest single request of all cases: ${slowest.ms.toFixed(1)} ms (${slowest.label})`,
  );
  add(
    `${engine}: deep pages, worst p95 of 60 cases (${DEEP_REQUESTS} requests each, the first cold)`,
    `${worst.p95.toFixed(1)} ms (${worst.label})`,
    `≤ ${limit} ms`,
    worst.p95 <= limit,
  );
}

/** Point 3: the import bench's main runs (IMPORT_BENCH_ROWS, 1,000,000 by default). */
async function imports() {
  console.log('\n   -- imports (bench/import.bench.ts, main runs only)');
  const previous = process.env.IMPORT_BENCH_MAIN_ONLY;
  process.env.IMPORT_BENCH_MAIN_ONLY = '1';
  try {
    const { run: runImport } = await import('./import.bench.js');
    const { postgres, pglite } = await runImport();
    const reads = (ms: number) => `worst read ${ms.toFixed(0)} ms`;
    if (postgres) {
      const ratio = postgres.rate / postgres.tableRate;
      add(
        'PostgreSQL: import with reads, of \\copy into the subscribers table',
        `${postgres.rate.toFixed(0)} rows/s = ${ratio.toFixed(2)}×, ${reads(postgres.worstReadMs)}`,
        '≥ 0.8×, reads ≤ 200 ms',
        ratio >= 0.8 && postgres.worstReadMs <= 200,
      );
    }
    if (pglite) {
      add(
        'PGlite: import with reads',
        `${pglite.rate.toFixed(0)} rows/s${pglite.readsCeiling ? ` (${(pglite.rate / pglite.readsCeiling).toFixed(2)} of the ${pglite.readsCeiling.toFixed(0)} COPY reaches beside these reads)` : ''}, ${reads(pglite.worstReadMs)}`,
        '≥ 15,000 rows/s, reads ≤ 200 ms',
        pglite.rate >= 15_000 && pglite.worstReadMs <= 200,
      );
    }
  } finally {
    if (previous === undefined) delete process.env.IMPORT_BENCH_MAIN_ONLY;
    else process.env.IMPORT_BENCH_MAIN_ONLY = previous;
  }
}

/** Point 4: what a fresh Chromium downloads for the sign-in form and the lists screen. */
async function firstScreens() {
  console.log('\n   -- first screens (vite build, Chromium)');
  const outDir = mkdtempSync(path.join(tmpdir(), 'mailboard-report-'));
  try {
    await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const screens = await measureFirstScreen(outDir, DASHBOARD_LOCALES);
    const kb = (files: Download[]) => files.reduce((total, f) => total + f.gzip, 0) / 1024;
    const line = (label: string, files: Download[], limit: number) =>
      add(
        label,
        `${kb(files).toFixed(1)} KB gzip JS in ${files.length} scripts`,
        `≤ ${limit} KB`,
        kb(files) <= limit,
      );
    for (const [locale, first] of screens) {
      line(`sign-in form (${locale})`, first.signInForm, 100);
      line(`lists screen after signing in, prefetch included (${locale})`, first.lists, 150);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
