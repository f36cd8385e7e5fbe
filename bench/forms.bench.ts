import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { usersRepository } from '../server/features/identity/index.js';
import { signTimestamp } from '../server/features/forms/protections.js';
import { sharedSecret } from '../server/lib/service-secrets.js';

/**
 * Issue 50, "Performance and abuse": the budgets against the floods of the issue, on one
 * in-memory PGlite app. Part 1 drives the app in-process (app.inject) with what a headless
 * browser would post (the hosted page's signed timestamp, aged past the fill time); part 2
 * floods a listening server with autocannon (static-snippet posts from many addresses
 * through X-Forwarded-For) while one client times the subscribers page. No browser runs.
 */
const FLOOD_RATE = Number(process.env.FORMS_BENCH_RATE ?? 2_000);
const FLOOD_SECONDS = Number(process.env.FORMS_BENCH_SECONDS ?? 10);
const ADDRESSES = 1_000;

export const name = `Sign-up forms: ${ADDRESSES} addresses from one /24, 50 posts of one address, a replayed proof; a flood at ${FLOOD_RATE}/s for ${FLOOD_SECONDS} s beside the subscribers page (PGlite)`;

const AUTH = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function api(app: App, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { authorization: AUTH }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

const form = (app: App, fields: Record<string, string>, ip: string, id: number) =>
  app.inject({
    method: 'POST',
    url: `/f/${id}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const optinMails = async (database: Database) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM optin_confirmations WHERE state <> 'covered'`,
    )
  )[0]!.n;

const rowCounts = async (database: Database) =>
  (
    await queryRows<Record<string, number>>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM subscribers) AS subscribers,
                 (SELECT count(*)::int FROM optin_confirmations) AS optin_confirmations,
                 (SELECT count(*)::int FROM subscriber_history) AS subscriber_history,
                 (SELECT count(*)::int FROM form_counts) AS form_counts,
                 (SELECT count(*)::int FROM form_ip_budget) AS form_ip_budget,
                 (SELECT count(*)::int FROM form_address_budget) AS form_address_budget,
                 (SELECT count(*)::int FROM form_challenges) AS form_challenges`,
    )
  )[0]!;

async function abuse(app: App, database: Database) {
  const secret = await sharedSecret(database.db, 'forms');
  const list = await api(app, 'POST', '/api/v1/lists', {
    name: 'Bench',
    default_from_name: 'Bench',
    default_from_email: 'bench@example.com',
    double_opt_in: true,
  });
  const hosted = await api(app, 'POST', '/api/v1/forms', { name: 'Hosted', lists: [list.id] });
  // 1,000 distinct addresses from 192.0.2.0/24, each with a valid, aged page timestamp.
  const before = await optinMails(database);
  const started = performance.now();
  for (let i = 0; i < ADDRESSES; i++) {
    await form(
      app,
      { email: `bot${i}@example.com`, _ts: signTimestamp(secret, hosted.id, Date.now() - 8_000) },
      `192.0.2.${(i % 250) + 1}`,
      hosted.id,
    );
  }
  const took = (performance.now() - started) / 1000;
  console.log(
    `   ${ADDRESSES} distinct addresses from one /24 in ${took.toFixed(1)} s: ${(await optinMails(database)) - before} opt-in mails queued (issue: ≤ 20)`,
  );

  // One address, 50 times, to 5 forms of 5 lists, from 50 blocks: one mail.
  const forms = [];
  for (let i = 0; i < 5; i++) {
    const l = await api(app, 'POST', '/api/v1/lists', {
      name: `Bench ${i}`,
      default_from_name: 'Bench',
      default_from_email: 'bench@example.com',
      double_opt_in: true,
    });
    forms.push((await api(app, 'POST', '/api/v1/forms', { name: `F${i}`, lists: [l.id] })).id);
  }
  const mailsBefore = await optinMails(database);
  for (let i = 0; i < 50; i++) {
    const id = forms[i % 5]!;
    await form(
      app,
      { email: 'victim@example.com', _ts: signTimestamp(secret, id, Date.now() - 8_000) },
      `198.18.${i}.1`,
      id,
    );
  }
  console.log(
    `   50 submissions of one address (5 forms, 50 address blocks): ${(await optinMails(database)) - mailsBefore} opt-in mail(s) (issue: ≤ 1)`,
  );

  // A proof-of-work solved once and posted twice.
  const challenge = (
    await app.inject({ method: 'GET', url: `/f/${hosted.id}/challenge` })
  ).json<Challenge>();
  const solveStart = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  const solveMs = performance.now() - solveStart;
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const later = Date.now() + 5_000;
  const realNow = Date.now;
  Date.now = () => later;
  try {
    await form(app, { email: 'solver@example.com', altcha }, '203.0.113.1', hosted.id);
    await form(app, { email: 'replayer@example.com', altcha }, '203.0.113.2', hosted.id);
  } finally {
    Date.now = realNow;
  }
  const stats = (await api(app, 'GET', `/api/v1/forms/${hosted.id}`)) as unknown as {
    stats: { accepted: number; blocked: Record<string, number> };
  };
  console.log(
    `   proof-of-work: solved in ${solveMs.toFixed(0)} ms (Node, one thread); replay blocked: ${stats.stats.blocked.proof === 1 ? 'yes' : 'NO'}; hosted form stats: accepted ${stats.stats.accepted}, blocked ${JSON.stringify(stats.stats.blocked)}`,
  );
  return list.id;
}

type FloodResult = {
  completed: number;
  sent: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};

/**
 * autocannon on a worker thread (plain JavaScript: no TypeScript loader there), so the
 * flood's client never takes the server's event loop: static-snippet posts, each from one
 * of 65,536 addresses in 256 /24 blocks (X-Forwarded-For; the app trusts the proxy here).
 */
function floodFromWorker(url: string): Promise<FloodResult> {
  const worker = new Worker(
    `
const autocannon = require('autocannon');
const { parentPort, workerData } = require('node:worker_threads');
let n = 0;
autocannon({
  url: workerData.url,
  connections: 50,
  overallRate: workerData.rate,
  duration: workerData.seconds,
  requests: [{
    method: 'POST',
    setupRequest: (request) => {
      n++;
      return { ...request,
        headers: { 'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '10.0.' + (n & 255) + '.' + ((n >> 8) & 255) },
        body: 'email=flood' + n + '%40example.com' };
    },
  }],
}).then((result) => {
  // On a worker thread autocannon answers with encoded histograms.
  const latency = require('hdr-histogram-js').decodeFromCompressedBase64(result.latencies);
  parentPort.postMessage({
    completed: result.totalCompletedRequests,
    sent: result.totalRequests,
    seconds: result.duration,
    p50: latency.getValueAtPercentile(50),
    p99: latency.getValueAtPercentile(99),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodeStats: result.statusCodeStats,
  });
});
`,
    { eval: true, workerData: { url, rate: FLOOD_RATE, seconds: FLOOD_SECONDS } },
  );
  return new Promise<FloodResult>((resolve, reject) => {
    worker.once('message', (result: FloodResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

async function flood(app: App, database: Database, listId: number) {
  const target = await api(app, 'POST', '/api/v1/forms', { name: 'Flooded', lists: [listId] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const before = await rowCounts(database);
  const flooding = floodFromWorker(`${base}/f/${target.id}`);
  // The subscribers page, timed one request after another during the flood.
  const times: number[] = [];
  const end = Date.now() + FLOOD_SECONDS * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/lists/${listId}/subscribers?page_size=50`, {
      headers: { authorization: AUTH },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  const result = await flooding;
  times.sort((a, b) => a - b);
  const after = await rowCounts(database);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}: ${stat.count}`)
    .join(', ');
  console.log(
    `   flood: ${result.sent} posts sent, ${result.completed} answered in ${result.seconds.toFixed(1)} s (${(result.completed / result.seconds).toFixed(0)}/s; asked ${FLOOD_RATE}/s), answers ${statuses}, errors ${result.errors}, timeouts ${result.timeouts}, latency p50 ${result.p50} ms p99 ${result.p99} ms; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(
    `   subscribers page during the flood: ${times.length} requests, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (issue: ≤ 100 ms)`,
  );
  const growth = Object.keys(after)
    .map((k) => `${k} +${after[k]! - before[k]!}`)
    .join(', ');
  console.log(`   rows grown: ${growth} (static posts: 1 accepted per /24 and hour, 256 blocks)`);
}

export async function run() {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    await usersRepository(database.db).create('bench@example.com', 'bench-password');
    const app = await buildApp({ database, trustProxy: true, logger: false });
    try {
      const listId = await abuse(app, database);
      await flood(app, database, listId);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
