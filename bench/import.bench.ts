import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import type { RawRow } from '../server/db/raw-row.js';
import type { imports } from '../server/db/schema/index.js';
import { PGLITE_BATCH_SIZING } from '../server/features/imports/batch-sizing.js';
import type { BatchProgress, ProcessOptions } from '../server/features/imports/process-options.js';
import {
  DEFAULT_BATCH_SIZE,
  pgliteJobOptions,
  runImportJobs,
} from '../server/features/imports/worker.js';
import { DASHBOARD_HEADER } from '../contract/dashboard-client.js';
import { usersRepository } from '../server/features/identity/index.js';
import {
  bareTableCopy,
  describeCeiling,
  pgliteSubscribersTableCopy,
  subscribersTableCopy,
  type Ceiling,
} from './support/copy-ceilings.js';
import { generateCsv, upload } from './support/import-files.js';
import { describeReads, remoteReader } from './support/remote-reader.js';

/** 1,000,000 by default; IMPORT_BENCH_ROWS for a quicker look (e.g. 100000). */
const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 1_000_000);
/** `postgres` or `pglite` to measure only one of them. */
const ONLY = process.env.IMPORT_BENCH_ONLY;
/** Set to skip the two runs without reads that measure the history triggers' overhead. */
const MAIN_ONLY = Boolean(process.env.IMPORT_BENCH_MAIN_ONLY);

export const name = `CSV import: ${ROWS.toLocaleString('en')} rows uploaded over HTTP and processed as a job`;
const USER = { username: 'bench@example.com', password: 'bench-password' };
const authorization = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;

type Run = {
  rate: number;
  seconds: number;
  /** CPU seconds of this process (PGlite's database included) and of PostgreSQL's backends. */
  cpu: number;
  rssGrowthMb: number;
  worstReadMs: number;
  worstSearchMs: number;
  /**
   * The share of the server's thread the same reads and searches take with no import
   * running, on the list empty (before) and full (after). On PGlite that thread is also the
   * database's, so an import with reads alongside gets at most the rest of it.
   */
  readsShare?: { before: number; after: number };
};

/** How long the reads' share of the thread is sampled, before and after the import. */
const READS_SHARE_MS = 5_000;

/** The busy share of this thread's event loop over `ms` (PGlite's queries run on it). */
async function threadBusyShare(ms: number): Promise<number> {
  const start = performance.eventLoopUtilization();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return performance.eventLoopUtilization(start).utilization;
}

/** Searched during and after the import: a local part, so the trigram index (and its
 * pending list, which grows while rows arrive) answers it. */
const SEARCH = 'user4711';

/** CPU time of a local PostgreSQL backend in seconds, if its /proc entry is readable. */
function backendCpu(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return undefined;
  }
}

/**
 * CPU used by the backends serving database `dbName` (sampled, so a connection closed
 * between samples loses at most its last interval); undefined when PostgreSQL is not local.
 */
function backendCpuMeter(admin: pg.Client | undefined, dbName: string | undefined) {
  const seen = new Map<number, { first: number; last: number }>();
  let readable = Boolean(admin && dbName);
  return {
    async sample() {
      if (!readable || !admin) return;
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1',
        [dbName],
      );
      for (const { pid } of rows) {
        const cpu = backendCpu(pid);
        if (cpu === undefined) {
          readable = false;
          return;
        }
        const entry = seen.get(pid);
        if (entry) entry.last = cpu;
        else seen.set(pid, { first: cpu, last: cpu });
      }
    },
    total: () =>
      readable ? [...seen.values()].reduce((sum, e) => sum + e.last - e.first, 0) : undefined,
  };
}

/** Subscriber history (0005) is recorded by these triggers; `history: false` measures without. */
const historyTriggers = ['subscribers_history_insert', 'subscribers_history_update'];

async function measure(
  kind: 'pglite' | 'postgres',
  database: Database,
  file: string,
  history: boolean,
  backend?: { admin: pg.Client; dbName: string },
  /** Reads during the import (their latency); off to compare the import's own CPU. */
  reads = true,
): Promise<Run> {
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
    // Reads go as the dashboard's do, with a session cookie: Basic credentials are
    // re-verified (scrypt, ~0.3 s and 128 MB) whenever their one-minute cache expires,
    // which would show up here as a slow read and as memory the import never used.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { [DASHBOARD_HEADER]: '1' },
      payload: USER,
    });
    if (signIn.statusCode !== 201) throw new Error(`not signed in: ${signIn.body}`);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const listPath = `/api/v1/lists/${listId}/subscribers`;
    const read = (query = '') =>
      app.inject({ method: 'GET', url: `${listPath}${query}`, headers: { cookie } });
    const search = () => read(`?search=${SEARCH}`);

    // Warms the route up (first-call compilation is not what an import does to reads).
    // Side by side, so the pool has the connections that reads, searches, the import and
    // its index merges use at once (opening one costs a SCRAM handshake in this process).
    await Promise.all([read(), search(), read(), search()]);
    const uploadStart = performance.now();
    const importId = await upload(app, authorization, listId, file);
    const uploadMs = performance.now() - uploadStart;

    // Up before the baseline: their threads' memory is not the import's.
    const { port } = app.server.address() as AddressInfo;
    const remote = (query: string, pauseMs: number) =>
      remoteReader(`http://127.0.0.1:${port}${listPath}${query}`, { cookie }, pauseMs);
    const readers = () => ({ reader: remote('', 100), searcher: remote(`?search=${SEARCH}`, 250) });
    const { reader, searcher } = reads ? readers() : {};
    await Promise.all([reader?.ready, searcher?.ready]);
    const shareBefore = reads ? await threadBusyShare(READS_SHARE_MS) : undefined;

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const meter = backendCpuMeter(backend?.admin, backend?.dbName);
    await meter.sample();
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      void meter.sample();
    }, 200);

    // As the server's worker runs a job (startImportWorker): on PGlite, API requests go first.
    const committed: BatchProgress[] = [];
    const jobOptions =
      kind === 'pglite'
        ? withBatchLog(pgliteJobOptions(database.db, app.requestActivity), committed)
        : { batchSize: DEFAULT_BATCH_SIZE };
    const batches =
      kind === 'pglite'
        ? `batches of ${PGLITE_BATCH_SIZING.idleRows} rows, sized to hold the thread ${PGLITE_BATCH_SIZING.inUseHoldMs} ms while requests come`
        : `batches of ${DEFAULT_BATCH_SIZE} rows`;
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const since = performance.timeOrigin + started;
    const loopStart = performance.eventLoopUtilization();

    await runImportJobs(database.db, jobOptions);
    const processMs = performance.now() - started;
    // Below 100%, the thread (PGlite's, on PGlite) waited for something part of the time.
    const threadBusy = performance.eventLoopUtilization(loopStart).utilization;
    const readStats = await reader?.stop(since);
    const searchStats = await searcher?.stop(since);
    clearInterval(sampler);
    let readsShare: Run['readsShare'];
    if (shareBefore !== undefined) {
      // Fresh readers, so the import's figures above keep only what they saw during it.
      const again = readers();
      await Promise.all([again.reader.ready, again.searcher.ready]);
      readsShare = { before: shareBefore, after: await threadBusyShare(READS_SHARE_MS) };
      await again.reader.stop(Infinity);
      await again.searcher.stop(Infinity);
    }
    await meter.sample();
    const own = process.cpuUsage(cpuStart);
    const nodeCpu = (own.user + own.system) / 1e6;
    const cpu = nodeCpu + (meter.total() ?? 0);

    const [result] = await queryRows<
      Pick<RawRow<typeof imports>, 'status' | 'total_rows' | 'created'>
    >(
      database.db,
      sql`SELECT status, total_rows, created, skipped_duplicate, invalid FROM imports WHERE id = ${importId}`,
    );
    const rows = Number(result?.total_rows ?? 0);
    const rate = Math.round(rows / (processMs / 1000));
    const rssGrowthMb = (peak - baseline) / 1024 / 1024;
    console.log(
      `   ${kind}, history ${history ? 'recorded' : 'off'}${reads ? ', reads' : ', no reads'} (${batches}): ${JSON.stringify(result)}`,
    );
    console.log(`     upload      ${(uploadMs / 1000).toFixed(1)} s`);
    console.log(
      `     processing  ${(processMs / 1000).toFixed(1)} s = ${rate.toLocaleString('en')} rows/s; CPU ${cpu.toFixed(1)} s = ${nodeCpu.toFixed(1)} s in this process${kind === 'pglite' ? ' (with PGlite)' : meter.total() === undefined ? ' (PostgreSQL not local: its CPU unknown)' : ` + ${meter.total()!.toFixed(1)} s in PostgreSQL`}`,
    );
    console.log(`     RSS growth  ${rssGrowthMb.toFixed(0)} MB peak`);
    console.log(`     the server's thread was busy ${(threadBusy * 100).toFixed(0)}% of the time`);
    if (committed.length > 0) console.log(`     batches     ${describeBatches(committed)}`);
    if (readStats && searchStats) {
      console.log(`     reads       GET …/subscribers ${describeReads(readStats)}`);
      console.log(
        `     searches    GET …/subscribers?search=${SEARCH} ${describeReads(searchStats)}`,
      );
      // What search answers once the import is done, against a scan that uses no index.
      const found = (await search()).json<{ count: number }>().count;
      const [scan] = await queryRows<{ n: number | string }>(
        database.db,
        sql`SELECT count(*) AS n FROM subscribers WHERE list_id = ${listId}
             AND lower(email) LIKE ${`%${SEARCH}%`}`,
      );
      console.log(
        `     search      after the import finds ${found}; a scan without the index finds ${Number(scan?.n)}`,
      );
    }
    return {
      rate,
      seconds: processMs / 1000,
      cpu,
      rssGrowthMb,
      worstReadMs: readStats?.worst ?? 0,
      worstSearchMs: searchStats?.worst ?? 0,
      ...(readsShare ? { readsShare } : {}),
    };
  } finally {
    await app.close();
  }
}

/** The job options, also keeping what each committed batch reports. */
function withBatchLog<T extends Required<Pick<ProcessOptions, 'afterBatch'>>>(
  options: T,
  log: BatchProgress[],
): T {
  return {
    ...options,
    afterBatch: (progress: BatchProgress) => {
      log.push(progress);
      return options.afterBatch(progress);
    },
  };
}

/** How many batches, their rows and how long their transactions held the thread. */
function describeBatches(log: BatchProgress[]) {
  const pct = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.ceil((values.length - 1) * p)]!;
  const rows = log.map((b) => b.rows);
  const ms = log.map((b) => b.commitMs);
  return `${log.length.toLocaleString('en')}: rows p5 ${pct(rows, 0.05)}, p50 ${pct(rows, 0.5)}, p95 ${pct(rows, 0.95)}; transaction p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms, longest ${Math.max(...ms).toFixed(0)} ms`;
}

async function withPglite(dataDir: string, work: (database: Database) => Promise<Run>) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Runs `work` on a new database of the PostgreSQL server in `url`, dropped afterwards. */
async function withThrowawayDatabase<T>(
  admin: pg.Client,
  url: string,
  work: (database: Database, dbUrl: string, dbName: string) => Promise<T>,
): Promise<T> {
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      await database.migrate();
      return await work(database, target.toString(), dbName);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

const overhead = (on: number, off: number) => `${((on / off - 1) * 100).toFixed(1)}%`;

/** The main run: history recorded, reads alongside. */
function mainSummary(kind: string, main: Run) {
  console.log(
    `   ${kind}: RSS growth ${main.rssGrowthMb.toFixed(0)} MB (target ≤ 200 MB); worst read during the import ${main.worstReadMs.toFixed(0)} ms (target ≤ 200 ms); worst search ${main.worstSearchMs.toFixed(0)} ms`,
  );
}

/**
 * How close the import comes to COPY into the subscribers table itself, the fastest any
 * import into this schema can be, and (PostgreSQL) what that COPY is of the bare table's.
 */
function schemaCeilingSummary(kind: string, main: Run, table: Ceiling, bare?: Ceiling) {
  const ofBare = bare
    ? `, which is ${(table.rate / bare.rate).toFixed(2)} of the bare table's`
    : '';
  console.log(
    `   ${kind}: import with reads ${(main.rate / table.rate).toFixed(2)} of COPY into the subscribers table${ofBare}`,
  );
}

/**
 * PGlite answers on the server's own thread, so the reads alongside an import take their
 * share of it away from the import: COPY's rate over the rest of the thread is the most an
 * import with those reads can reach. The share is taken as the mean of the list empty and
 * full, as the list grows through the import.
 */
function pgliteReadsCeiling(main: Run, table: Ceiling): number | undefined {
  if (!main.readsShare) return undefined;
  const { before, after } = main.readsShare;
  const ceiling = table.rate * (1 - (before + after) / 2);
  const pct = (share: number) => `${(share * 100).toFixed(0)}%`;
  console.log(
    `   pglite: the same reads alone took ${pct(before)} (list empty) to ${pct(after)} (list full) of the server's thread, which is PGlite's; COPY over the rest: ${Math.round(ceiling).toLocaleString('en')} rows/s, the most an import with these reads can reach; the import reached ${(main.rate / ceiling).toFixed(2)} of it`,
  );
  return ceiling;
}

/** The same import without reads, with history off and on: the difference is the cost of
 * recording. */
function historySummary(kind: string, off: Run, on: Run) {
  console.log(
    `   ${kind}: import with nothing read alongside ${on.rate.toLocaleString('en')} rows/s (history recorded), ${off.rate.toLocaleString('en')} rows/s (history off)`,
  );
  console.log(
    `   ${kind}: history overhead ${overhead(on.seconds, off.seconds)} in time, ${overhead(on.cpu, off.cpu)} in CPU (target ≤ 10%)`,
  );
}

/** What the report (report.bench.ts) shows of a run. */
export type ImportFigures = {
  postgres?: { rate: number; tableRate: number; worstReadMs: number };
  pglite?: { rate: number; worstReadMs: number; readsCeiling?: number };
};

export async function run(): Promise<ImportFigures> {
  const figures: ImportFigures = {};
  const dir = await mkdtemp(path.join(tmpdir(), 'mailboard-import-bench-'));
  try {
    const file = path.join(dir, 'subscribers.csv');
    const ceilingFile = path.join(dir, 'ceiling.csv');
    const t0 = performance.now();
    await generateCsv(ROWS, file, ceilingFile);
    const size = (await stat(file)).size;
    console.log(
      `   generated ${ROWS.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const url = process.env.DATABASE_URL;
    if (!url) console.log('   postgres: skipped (set DATABASE_URL to measure PostgreSQL)');
    else if (ONLY !== 'pglite') {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { bare, main } = await withThrowawayDatabase(
          admin,
          url,
          async (database, dbUrl, dbName) => {
            const bare = await bareTableCopy(database, dbUrl, ceilingFile);
            console.log(`   ${describeCeiling('psql \\copy into a bare table', bare)}`);
            return {
              bare,
              main: await measure('postgres', database, file, true, { admin, dbName }),
            };
          },
        );
        const table = await withThrowawayDatabase(admin, url, (database, dbUrl) =>
          subscribersTableCopy(database, dbUrl, ceilingFile),
        );
        console.log(
          `   ${describeCeiling('psql \\copy into the subscribers table (its indexes and triggers)', table)}`,
        );
        console.log(
          `   postgres: import ${main.rate.toLocaleString('en')} rows/s, \\copy ceiling ${bare.rate.toLocaleString('en')} rows/s in the same run: ratio ${(main.rate / bare.rate).toFixed(2)} (target ≥ 0.4)`,
        );
        schemaCeilingSummary('postgres', main, table, bare);
        mainSummary('postgres', main);
        figures.postgres = {
          rate: main.rate,
          tableRate: table.rate,
          worstReadMs: main.worstReadMs,
        };
        if (!MAIN_ONLY) {
          const pair: Run[] = [];
          for (const history of [false, true])
            pair.push(
              await withThrowawayDatabase(admin, url, (database, _url, dbName) =>
                measure('postgres', database, file, history, { admin, dbName }, false),
              ),
            );
          historySummary('postgres', pair[0]!, pair[1]!);
        }
      } finally {
        await admin.end();
      }
    }

    if (ONLY !== 'postgres') {
      const pglite = (label: string, history: boolean, reads: boolean) =>
        withPglite(path.join(dir, label), (database) =>
          measure('pglite', database, file, history, undefined, reads),
        );
      const table = await pgliteSubscribersTableCopy(path.join(dir, 'ceiling'), ceilingFile);
      console.log(
        `   ${describeCeiling('PGlite COPY into the subscribers table (its indexes and triggers)', table)}`,
      );
      const main = await pglite('main', true, true);
      console.log(
        `   pglite: import ${main.rate.toLocaleString('en')} rows/s (issue 33: ≥ 15,000 with reads alongside)`,
      );
      schemaCeilingSummary('pglite', main, table);
      const readsCeiling = pgliteReadsCeiling(main, table);
      mainSummary('pglite', main);
      figures.pglite = {
        rate: main.rate,
        worstReadMs: main.worstReadMs,
        ...(readsCeiling ? { readsCeiling } : {}),
      };
      if (!MAIN_ONLY)
        historySummary(
          'pglite',
          await pglite('off', false, false),
          await pglite('on', true, false),
        );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
