import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DASHBOARD_HEADER } from '../contract/dashboard-client.js';
import { buildApp } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { usersRepository } from '../server/features/identity/index.js';
import {
  DEFAULT_BATCH_SIZE,
  pgliteJobOptions,
  runImportJobs,
} from '../server/features/imports/worker.js';
import { load } from './support/load.js';
import { describeReads, remoteReader } from './support/remote-reader.js';
import { describeHolds, recordLongHolds } from './support/slow-statements.js';

/** 50,000 by default; UNDO_BENCH_ROWS=1000000 for the issue's size. */
const ROWS = Number(process.env.UNDO_BENCH_ROWS ?? 50_000);
/** `postgres` or `pglite` to measure only one of them. */
const ONLY = process.env.UNDO_BENCH_ONLY;

export const name = `Import update mode and undo (issue 53): ${ROWS.toLocaleString('en')} rows`;
const USER = { username: 'bench@example.com', password: 'bench-password' };
const authorization = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;

/** The same addresses each time; `tag` changes the names, so an update writes every row. */
function csv(rows: number, tag: string): Buffer {
  const lines = ['email,first_name,last_name,language'];
  for (let i = 0; i < rows; i++) lines.push(`user${i}@example.com,First${tag}${i},Last${i},en`);
  return Buffer.from(lines.join('\n') + '\n');
}

function multipart(file: Buffer, onExisting: 'skip' | 'update') {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  return {
    payload: Buffer.concat([
      part(
        'Content-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv',
        file,
      ),
      part('Content-Disposition: form-data; name="on_existing"', onExisting),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

type Kind = 'import' | 'update' | 'undo';
type Step = {
  label: string;
  kind: Kind;
  seconds: number;
  rate: number;
  worstReadMs: number;
  p95ReadMs: number;
  line: string;
};

async function measure(kind: 'pglite' | 'postgres', database: Database): Promise<Step[]> {
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
    const listId = created.json<{ id: number }>().id;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { [DASHBOARD_HEADER]: '1' },
      payload: USER,
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const { port } = app.server.address() as AddressInfo;
    const listUrl = `http://127.0.0.1:${port}/api/v1/lists/${listId}/subscribers`;
    const jobOptions =
      kind === 'pglite'
        ? pgliteJobOptions(database.db, app.requestActivity)
        : { batchSize: DEFAULT_BATCH_SIZE };

    /** Runs the queued job with a reader every 0.5 s from another thread, as the issue measured. */
    const timed = async (
      label: string,
      kind: Kind,
      rows: number,
      queue: () => Promise<void>,
    ): Promise<Step> => {
      await queue();
      const reader = remoteReader(listUrl, { cookie }, 500);
      await reader.ready;
      const holds = recordLongHolds(database, 3);
      const started = performance.now();
      const since = performance.timeOrigin + started;
      await runImportJobs(database.db, jobOptions);
      const seconds = (performance.now() - started) / 1000;
      const reads = await reader.stop(since);
      const held = holds.stop();
      const rate = Math.round(rows / seconds);
      const line = `${label}: ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s; reads ${describeReads(reads)}; ${load()}`;
      console.log(`   ${database.kind} ${line}`);
      if (held.length) console.log(`     held the thread longest: ${describeHolds(held)}`);
      return { label, kind, seconds, rate, worstReadMs: reads.worst, p95ReadMs: reads.p95, line };
    };
    const importFile = async (file: Buffer, mode: 'skip' | 'update') => {
      const body = multipart(file, mode);
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/lists/${listId}/imports`,
        headers: { authorization, 'content-type': body.contentType },
        payload: body.payload,
      });
      if (res.statusCode !== 201) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
      return res.json<{ id: number }>().id;
    };
    const undo = async (importId: number) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/lists/${listId}/imports/${importId}/undo`,
        headers: { authorization, 'content-type': 'application/json' },
        payload: {},
      });
      if (res.statusCode !== 202) throw new Error(`undo answered ${res.statusCode}: ${res.body}`);
    };

    let first = 0;
    let update = 0;
    const steps = [
      await timed(
        'import (new rows)',
        'import',
        ROWS,
        async () => void (first = await importFile(csv(ROWS, 'A'), 'skip')),
      ),
      await timed(
        'skip mode, same addresses',
        'import',
        ROWS,
        async () => void (await importFile(csv(ROWS, 'B'), 'skip')),
      ),
      await timed(
        'update mode, every row changed',
        'update',
        ROWS,
        async () => void (update = await importFile(csv(ROWS, 'B'), 'update')),
      ),
      await timed('undo of the update (restores)', 'undo', ROWS, () => undo(update)),
      // The first file again, whose values the undo restored: nothing changes, which should
      // cost about what skip mode does.
      await timed(
        'update mode, nothing changed',
        'update',
        ROWS,
        async () => void (await importFile(csv(ROWS, 'A'), 'update')),
      ),
      await ceiling(database, listId),
      await timed('undo of the import (deletes)', 'undo', ROWS, () => undo(first)),
    ];
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM subscribers WHERE list_id = ${listId}`,
    );
    console.log(`   ${kind}: ${left?.n ?? '?'} subscribers left after both undos (expected 0)`);
    return steps;
  } finally {
    await app.close();
  }
}

/**
 * The fastest any update mode can be in this schema: the same columns of the same rows
 * written by plain UPDATEs of 10,000 rows by id, with the table's indexes and triggers
 * (history, counts) but no lookup by address, no lock, no snapshot of the values before.
 * Every changed row gets a new version in every index (the search index too: the names
 * are in it), which a skipped row never costs. `update_datetime` is left as it is, so the
 * undo that follows still deletes these rows. It printed 1,471 rows/s, slower than update mode,
 * while the update triggers kept plans made for a smaller first call
 * (docs/decisions/import-update-undo.md).
 */
async function ceiling(database: Database, listId: number): Promise<Step> {
  const [range] = await queryRows<{ lo: number; hi: number }>(
    database.db,
    sql`SELECT min(id) AS lo, max(id) AS hi FROM subscribers WHERE list_id = ${listId}`,
  );
  const started = performance.now();
  for (let from = range!.lo; from <= range!.hi; from += 10_000)
    await database.db.execute(sql`UPDATE subscribers
         SET first_name = 'C' || first_name, last_name = last_name, language = language
       WHERE list_id = ${listId} AND id BETWEEN ${from} AND ${from + 9_999}`);
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(ROWS / seconds);
  const line = `ceiling, plain UPDATE of the names by id: ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s; ${load()}`;
  console.log(`   ${database.kind} ${line}`);
  return { label: 'ceiling', kind: 'update', seconds, rate, worstReadMs: 0, p95ReadMs: 0, line };
}

function summary(kind: string, steps: Step[]) {
  const [imported, skip, update, restore, unchanged, roof, remove] = steps;
  const ratio = (a: Step, b: Step) => (a.rate / b.rate).toFixed(2);
  console.log(
    `   ${kind}: update ÷ skip ${ratio(update!, skip!)}× (target ≥ 0.5), with nothing changed ${ratio(unchanged!, skip!)}×; ceiling (plain UPDATE) ÷ skip ${ratio(roof!, skip!)}×, update ÷ ceiling ${ratio(update!, roof!)}×`,
  );
  console.log(
    `   ${kind}: undo (deletes) ÷ import ${ratio(remove!, imported!)}×, reads p95 ${remove!.p95ReadMs.toFixed(0)} ms; undo (restores) ÷ update ${ratio(restore!, update!)}×, reads p95 ${restore!.p95ReadMs.toFixed(0)} ms (target ≥ 0.5×, p95 ≤ 100 ms)`,
  );
  const worst = (of: Kind) =>
    Math.max(...steps.filter((s) => s.kind === of).map((s) => s.worstReadMs)).toFixed(0);
  console.log(
    `   ${kind}: max read wait during imports ${worst('import')} ms, updates ${worst('update')} ms, undos ${worst('undo')} ms (target ≤ 200 ms)`,
  );
}

export async function run(): Promise<void> {
  if (ONLY !== 'postgres') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mailboard-undo-bench-'));
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      summary('pglite', await measure('pglite', database));
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (ONLY === 'pglite' || !url) {
    if (!url) console.log('   postgres: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      await database.migrate();
      summary('postgres', await measure('postgres', database));
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
