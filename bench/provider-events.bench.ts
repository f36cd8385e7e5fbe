import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { refreshPlannerStatistics } from '../server/db/maintenance.js';
import { queryRows } from '../server/db/query-rows.js';
import { usersRepository } from '../server/features/identity/index.js';
import { withPostgresApp } from './support/postgres-app.js';
import {
  mailgun,
  postmark,
  providerOptions,
  sendgrid,
  ses,
  sendgridKeyPem,
  snsKey,
  type Offer,
} from './support/provider-payloads.js';

/** Issue 52: 10,000 provider events in one minute are all recorded, each once. */
const EVENTS = Number(process.env.PROVIDER_BENCH_EVENTS ?? 10_000);
const SECONDS = Number(process.env.PROVIDER_BENCH_SECONDS ?? 60);
/** Share of events the provider sends again (a retry: same event id, fresh signature). */
const REPEATS = Number(process.env.PROVIDER_BENCH_REPEATS ?? 0.1);
/** Events in one SendGrid post (SendGrid batches what happened in the last moments). */
const SENDGRID_BATCH = 100;
/** Connections a relay keeps open to a webhook at once. */
const CONNECTIONS = 32;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

export const name = `Provider events: ${EVENTS.toLocaleString('en')} bounce events (40 % SendGrid in batches of ${SENDGRID_BATCH}, 20 % each Mailgun, Postmark, SES through SNS, one a request; +${REPEATS * 100} % retried) offered over ${SECONDS} s to POST /api/v1/bounces/{provider} over HTTP (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;

type Bench = { app: App; database: Database; authorization: string };

async function withApp(work: (bench: Bench) => Promise<void>) {
  const appOptions: Partial<AppOptions> = {
    sending: { providers: await providerOptions() },
  };
  // The app listens: closed after the work, or the process would not end (nor free the lock).
  if (DATABASE_URL)
    return withPostgresApp(DATABASE_URL, (b) => work(b).finally(() => b.app.close()), appOptions);
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    await usersRepository(database.db).create('bench@example.com', 'bench-password');
    const app = await buildApp({ database, ...appOptions });
    const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
    await work({ app, database, authorization });
    await app.close();
  } finally {
    await database.close();
  }
}

/** A delivery's send log of EVENTS recipients, each with its own Message-ID. */
async function seed({ app, database, authorization }: Bench) {
  const inject = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: { authorization }, payload })).json<{
      id: number;
    }>();
  const list = await inject('/api/v1/lists', {
    name: 'Bench',
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
  });
  const mailing = await inject('/api/v1/mailings', {
    list: list.id,
    name: 'Bench mailing',
    variants: [
      {
        subject: 'Hi',
        layout: { text: 'Hi' },
        deliveries: [{ scheduled_datetime: '2099-01-01T00:00:00Z' }],
      },
    ],
  });
  const db = database.db;
  await db.execute(sql`INSERT INTO subscribers (list_id, subscription, email)
    SELECT ${list.id}, 'active', 'r' || i || '@example.test' FROM generate_series(1, ${EVENTS}) i`);
  await db.execute(sql`INSERT INTO delivery_recipients (delivery_id, subscriber_id, email, state, message_id, sent_datetime)
    SELECT (SELECT max(id) FROM deliveries), s.id, s.email, 'sent',
           '<bench-' || substr(s.email, 2, strpos(s.email, '@') - 2) || '@acme.example>', now()
      FROM subscribers s WHERE s.list_id = ${list.id}`);
  // What the server's maintenance (PGlite: every minute, db/maintenance.ts; PostgreSQL:
  // autovacuum) does after a delivery's send log grew: without it the planner thinks the
  // send log empty and walks it whole for each event.
  await refreshPlannerStatistics(db);
  return { list: list.id, mailing: mailing.id };
}

/**
 * Every request of the minute, each made when due (a relay signs each post as it sends it:
 * Mailgun's and SendGrid's time windows): each event once, and every tenth request
 * (REPEATS) again, as a retry, mixed in.
 */
async function requests(): Promise<(() => Offer)[]> {
  const key = await snsKey();
  const single = [mailgun, postmark, (i: number) => ses(key, i)];
  const batches: number[][] = [];
  const made: (() => Offer)[] = [];
  for (let i = 1; i <= EVENTS; i++) {
    const slot = i % 10;
    if (slot < 4) {
      if (batches.at(-1)?.length !== undefined && batches.at(-1)!.length < SENDGRID_BATCH)
        batches.at(-1)!.push(i);
      else batches.push([i]);
    } else made.push(() => single[Math.floor((slot - 4) / 2)]!(i));
  }
  const all = [...made, ...batches.map((b) => () => sendgrid(b))];
  const retried = all.filter((_, n) => n % Math.round(1 / REPEATS) === 0);
  return [...all, ...retried].sort(() => Math.random() - 0.5);
}

function post(port: number, agent: http.Agent, offer: Offer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: `/api/v1/bounces/${offer.provider}`,
        headers: { 'content-type': 'application/json', ...offer.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(offer.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

type Counts = { records: string | number; distinct_emails: string | number };
const count = (bench: Bench) =>
  queryRows<Counts>(
    bench.database.db,
    sql`SELECT count(*) AS records, count(DISTINCT lower(email)) AS distinct_emails FROM stat_bounces`,
  ).then(([c]) => ({ records: Number(c!.records), emails: Number(c!.distinct_emails) }));

/** Offers `makers` spread evenly over `seconds`; answers latencies and what went wrong. */
async function offer(port: number, makers: (() => Offer)[], seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const problems = new Map<string, number>();
  const note = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);
  let events = 0;
  const gap = (seconds * 1000) / makers.length;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (const [n, make] of makers.entries()) {
    const wait = started + n * gap - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.now();
    const request = make();
    inFlight.push(
      post(port, agent, request)
        .then(({ status, text }) => {
          if (status !== 200) note(`${request.provider} ${status} ${text.slice(0, 120)}`);
          else events += (JSON.parse(text) as { received: number }).received;
          latencies.push(performance.now() - sentAt);
        })
        .catch((error: Error) => {
          note(`${request.provider} ${error.message}`);
        }),
    );
  }
  const offered = performance.now() - started;
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: makers.length,
    offered,
    finished: performance.now() - started,
    latencies,
    problems: [...problems],
    events,
  };
}

export async function run() {
  await withApp(async (bench) => {
    const { mailing } = await seed(bench);
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bench.app.server.address() as AddressInfo;
    const minute = await inClient(port, SECONDS);
    for (const [what, n] of minute.problems) console.log(`   ${n} × ${what}`);
    const failed = minute.problems.reduce((a, [, n]) => a + n, 0);
    console.log(
      `   offered ${minute.requests.toLocaleString('en')} requests (${minute.events.toLocaleString('en')} events in the answered ones, retries included) in ${(minute.offered / 1000).toFixed(1)} s; all answered after ${(minute.finished / 1000).toFixed(1)} s; not 200: ${failed}`,
    );
    console.log(
      `   request latency p50 ${percentile(minute.latencies, 0.5).toFixed(0)} ms, p95 ${percentile(minute.latencies, 0.95).toFixed(0)} ms, max ${(minute.latencies.at(-1) ?? 0).toFixed(0)} ms`,
    );
    const after = await count(bench);
    // As a user reads it: the mailing's bounce statistics through the API.
    const stats = await bench.app.inject({
      method: 'GET',
      url: `/api/v1/statistics/bounces?mailing=${mailing}`,
      headers: { authorization: bench.authorization },
    });
    console.log(
      `   recorded ${after.records.toLocaleString('en')} bounces for ${after.emails.toLocaleString('en')} recipients (expected ${EVENTS.toLocaleString('en')} each: ${after.records === EVENTS && after.emails === EVENTS ? 'all, each once' : 'MISMATCH'}); GET /api/v1/statistics/bounces?mailing: ${stats.statusCode} ${stats.body.slice(0, 160)}`,
    );
    // Every request again (a relay replaying its whole minute): nothing more is recorded.
    const replay = await inClient(port, SECONDS / 4);
    const replayed = await count(bench);
    console.log(
      `   replayed all ${replay.requests.toLocaleString('en')} requests in ${(replay.finished / 1000).toFixed(1)} s (not 200: ${replay.problems.reduce((a, [, n]) => a + n, 0)}): ${replayed.records - after.records} more records (expected 0)`,
    );
    console.log(
      `   load average (1, 5, 15 min): ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  });
}

type Offered = Awaited<ReturnType<typeof offer>>;

/**
 * Offers the minute's requests from a client process of its own (this file again): their
 * signing (RSA for SNS, ECDSA for SendGrid) and HTTP client take no event loop from the
 * server measured. Each client makes the same events (retries included), signed afresh.
 */
function inClient(port: number, seconds: number): Promise<Offered> {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...process.env,
      PROVIDER_BENCH_ROLE: 'client',
      PROVIDER_BENCH_SENDGRID_KEY: sendgridKeyPem(),
    },
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`bench client exited (${code})`)));
    proc.once('message', () => {
      proc.once('message', (answer) => resolve(answer as Offered));
      proc.send({ port, seconds });
    });
  });
}

async function clientRole() {
  const makers = await requests();
  process.once('message', async (m) => {
    const { port, seconds } = m as { port: number; seconds: number };
    const result = await offer(port, makers, seconds);
    process.send!(result, () => process.disconnect());
  });
  process.send!('ready');
}

if (process.env.PROVIDER_BENCH_ROLE === 'client') await clientRole();
