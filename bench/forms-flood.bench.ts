import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { usersRepository } from '../server/features/identity/index.js';
import {
  flood,
  FLOOD_NICENESS,
  percentile,
  timeRequests,
  type FloodResult,
} from './support/flood.js';
import { load } from './support/load.js';

/**
 * Issue 50, "Performance and abuse": a flood of sign-up form posts from many addresses
 * beside the subscribers page, on a listening server (PGlite in memory; X-Forwarded-For
 * honoured from loopback, TRUST_PROXY's default). The flood is what bots send: static
 * snippet posts of fresh addresses, honeypot fills, forged timestamps and malformed
 * addresses, in turn, from 65,536 addresses in 256 /24 blocks. The ceiling is the same
 * server answering a trivial route (a post to a form that does not exist: the body read and
 * the same 303, no query) with the same autocannon settings, in the same run.
 */
const RATE = Number(process.env.FORMS_BENCH_RATE ?? 2_000);
const SECONDS = Number(process.env.FORMS_BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SUBSCRIBERS = 5_000;

export const name = `Sign-up forms: a flood at ${RATE}/s for ${SECONDS} s (its process at niceness ${FLOOD_NICENESS}) beside the subscribers page, against the same server's trivial-route ceiling (PGlite)`;

const AUTH = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;

// Sources for the flood's worker: the n-th post's body and its client address.
const BOT_BODY = `(n) => [
  'email=flood' + n + '%40example.com',
  'email=honey' + n + '%40example.com&website=http%3A%2F%2Fspam.example',
  'email=forged' + n + '%40example.com&_ts=' + Date.now() + '.forged',
  'email=not-an-address-' + n,
][n % 4]`;
const MANY_ADDRESSES = `(n) => '10.0.' + (n & 255) + '.' + ((n >> 8) & 255)`;

async function api(app: App, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { authorization: AUTH }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

/** Every table's row count (exact). */
async function rowCounts(database: Database) {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts = new Map<string, number>();
  for (const { name: table } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    );
    counts.set(table, row!.n);
  }
  return counts;
}

/**
 * The subscribers page's answers as the server saw them: from its request's headers parsed to
 * its last byte written, per request (what the reader's time holds apart from the sockets
 * and the reader's own scheduling).
 */
function serverTimes(app: App, path: string) {
  const times: number[] = [];
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url !== path) return;
    const started = performance.now();
    response.once('finish', () => times.push(performance.now() - started));
  });
  /** The times recorded since the last call, sorted. */
  return () => times.splice(0).sort((a, b) => a - b);
}

/**
 * With FORMS_BENCH_PROFILE=file.cpuprofile, the server's CPU profile during the flood of the
 * form (the flood and the reader run in processes of their own).
 */
async function profiler(file: string | undefined) {
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`   the server's CPU profile during the flood: ${file}`);
  };
}

/** The flood against `url`, the subscribers page timed beside it. */
async function phase(url: string, pageUrl: string, served: () => number[]) {
  served();
  const busy = performance.eventLoopUtilization();
  const [result, { times, lag }] = await Promise.all([
    flood({
      url,
      rate: RATE,
      connections: CONNECTIONS,
      seconds: SECONDS,
      body: BOT_BODY,
      forwardedFor: MANY_ADDRESSES,
    }),
    timeRequests(pageUrl, { authorization: AUTH }, SECONDS),
  ]);
  // How much of the time the server's thread worked: below 1, the flood fell short of the
  // asked rate for want of the generator's share of the cores, not the server's.
  const utilization = performance.eventLoopUtilization(busy).utilization;
  return { result, times, lag, served: served(), utilization, load: load() };
}

const rateOf = (r: FloodResult) => r.completed / r.seconds;
const describe = (
  label: string,
  { result: r, times, lag, served, utilization, load: l }: Awaited<ReturnType<typeof phase>>,
) =>
  `   ${label}: ${r.completed} of ${r.sent} posts answered in ${r.seconds.toFixed(1)} s = ${rateOf(r).toFixed(0)}/s (asked ${RATE}/s), answers ${JSON.stringify(r.statuses)}, errors ${r.errors}, timeouts ${r.timeouts}, post latency p50 ${r.p50} ms p99 ${r.p99} ms
     subscribers page beside it, read from its own process: ${times.length} requests, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (the reader's own timers ran up to ${lag.toFixed(1)} ms late at p95); in the server: p50 ${percentile(served, 0.5).toFixed(1)} ms, p95 ${percentile(served, 0.95).toFixed(1)} ms, worst ${(served.at(-1) ?? 0).toFixed(1)} ms; the server's thread busy ${(utilization * 100).toFixed(0)} % of the time; ${l}`;

export async function run() {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const app = await buildApp({ database, logger: false });
  try {
    const list = await api(app, 'POST', '/api/v1/lists', {
      name: 'Flooded',
      default_from_name: 'Bench',
      default_from_email: 'bench@example.com',
      double_opt_in: true,
    });
    await database.db.execute(sql`INSERT INTO subscribers (list_id, email, subscription)
      SELECT ${list.id}, 'member' || i || '@example.com', 'active' FROM generate_series(1, ${SUBSCRIBERS}) i`);
    const form = await api(app, 'POST', '/api/v1/forms', { name: 'Footer', lists: [list.id] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const pagePath = `/api/v1/lists/${list.id}/subscribers?page_size=50`;
    const pageUrl = `${base}${pagePath}`;
    const served = serverTimes(app, pagePath);
    const idle = await timeRequests(pageUrl, { authorization: AUTH }, 2); // warm, then alone
    const idleServed = served();
    console.log(
      `   subscribers page alone: ${idle.times.length} requests, p50 ${percentile(idle.times, 0.5).toFixed(1)} ms, p95 ${percentile(idle.times, 0.95).toFixed(1)} ms; in the server p95 ${percentile(idleServed, 0.95).toFixed(1)} ms; ${load()}`,
    );

    const ceiling = await phase(`${base}/f/2000000000`, pageUrl, served);
    console.log(describe('ceiling (a post to no form)', ceiling));

    const before = await rowCounts(database);
    const profile = await profiler(process.env.FORMS_BENCH_PROFILE);
    const flooded = await phase(`${base}/f/${form.id}`, pageUrl, served);
    await profile();
    const stats = (await api(app, 'GET', `/api/v1/forms/${form.id}`)) as unknown as {
      stats: { submitted: number; accepted: number; blocked: Record<string, number> };
    };
    const after = await rowCounts(database);
    console.log(describe('flood of the form', flooded));
    console.log(
      `   flood/ceiling: ${(rateOf(flooded.result) / rateOf(ceiling.result)).toFixed(2)} of the ceiling's posts/s; page p95 ${percentile(flooded.times, 0.95).toFixed(1)} ms beside the flood (${percentile(flooded.served, 0.95).toFixed(1)} ms in the server) vs ${percentile(ceiling.times, 0.95).toFixed(1)} ms beside the ceiling (issue: ≤ 100 ms)`,
    );
    console.log(
      `   form stats: submitted ${stats.stats.submitted}, accepted ${stats.stats.accepted}, blocked ${JSON.stringify(stats.stats.blocked)}`,
    );
    const grown = [...after].filter(([table, n]) => n !== before.get(table));
    for (const [table, n] of grown)
      console.log(`   rows of ${table}: ${before.get(table)} → ${n} (+${n - before.get(table)!})`);
    console.log(
      `   ${after.size - grown.length} other tables unchanged: ${[...after]
        .filter(([t, n]) => n === before.get(t))
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
