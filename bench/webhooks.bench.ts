import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { usersRepository } from '../server/features/identity/index.js';
import { postJson } from '../server/features/webhooks/http-post.js';
import { defaultWebhookOptions, type WebhookOptions } from '../server/features/webhooks/options.js';
import { startWebhookWorker, type WebhookWorker } from '../server/features/webhooks/worker.js';
import { load } from './support/load.js';
import { withPostgresApp } from './support/postgres-app.js';

/** Events offered per minute, for this many seconds (issue 32: 10,000/min, ≤ 2 s median lag). */
const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 10_000);
const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 60);
/** Events queued before the worker starts: its top speed, against the bare loop's. */
const BACKLOG = Number(process.env.WEBHOOK_BENCH_BACKLOG ?? 5_000);
/** How long the API is timed (one client, request after request), without webhook traffic and while a receiver never answers. */
const API_SECONDS = Number(process.env.WEBHOOK_BENCH_API_SECONDS ?? 25);
const CONCURRENCY = Number(
  process.env.WEBHOOK_BENCH_CONCURRENCY ?? defaultWebhookOptions.concurrency,
);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

export const name = `Webhooks: ${RATE.toLocaleString('en')} events/min for ${SECONDS} s to a local receiver (lag), a ${BACKLOG.toLocaleString('en')}-event backlog vs a bare POST loop, API p95 beside a receiver that never answers (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;

/*
 * The receivers run in a child process (this file again, WEBHOOK_BENCH_ROLE=receiver), so
 * receiving does not take the server's event loop: one answers 204 at once and notes each
 * event's lag (receipt − the event's `timestamp`, both this machine's clock), the other
 * accepts the request and never answers (the worker gives up after its 10 s).
 */
if (process.env.WEBHOOK_BENCH_ROLE === 'receiver') {
  let lags: number[] = [];
  const ok = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { timestamp } = JSON.parse(Buffer.concat(chunks).toString()) as { timestamp?: string };
      if (timestamp) lags.push(Date.now() - Date.parse(timestamp));
      response.writeHead(204).end();
    });
  });
  const hung = http.createServer(() => undefined);
  const listen = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const ports = { ok: await listen(ok), hung: await listen(hung) };
  process.on('message', (command: 'count' | 'lags') => {
    if (command === 'count') process.send!(lags.length);
    else {
      process.send!(lags);
      lags = [];
    }
  });
  process.send!(ports);
}

function startReceivers() {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, WEBHOOK_BENCH_ROLE: 'receiver' },
    execArgv: ['--import', 'tsx'],
  });
  const ports = new Promise<{ ok: number; hung: number }>((resolve) =>
    proc.once('message', (m) => resolve(m as { ok: number; hung: number })),
  );
  return { proc, ports };
}

function ask<T>(proc: ChildProcess, command: 'count' | 'lags'): Promise<T> {
  return new Promise((resolve) => {
    proc.once('message', (answer) => resolve(answer as T));
    proc.send(command);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  NaN;
const perMinute = (count: number, ms: number) => Math.round((count / ms) * 60_000);
const fmt = (n: number) => n.toLocaleString('en');

type Bench = { app: App; database: Database; authorization: string };

async function withApp(work: (bench: Bench) => Promise<void>) {
  // The server's own loop is started and stopped by the bench (startWebhookWorker, the same
  // function), so a backlog can be queued before it runs.
  const appOptions = { webhookWorker: false };
  if (DATABASE_URL) return withPostgresApp(DATABASE_URL, work, appOptions);
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

export async function run() {
  const receivers = startReceivers();
  const ports = await receivers.ports;
  const okUrl = `http://127.0.0.1:${ports.ok}/hook`;
  try {
    await withApp(async ({ app, database, authorization }) => {
      const db = database.db;
      const options: WebhookOptions = {
        ...defaultWebhookOptions,
        allowPrivate: true, // WEBHOOK_ALLOW_PRIVATE=1: the receiver is on loopback
        concurrency: CONCURRENCY,
      };
      const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
      const list = (
        await inject('POST', '/api/v1/lists', {
          name: 'Webhooks',
          default_from_name: 'Bench',
          default_from_email: 'bench@example.com',
        })
      ).json<{ id: number }>().id;
      const endpoint = (url: string) =>
        inject('POST', '/api/v1/webhooks', { url, events: ['subscriber.created'] }).then(
          (res) => res.json<{ id: number }>().id,
        );
      let nextEmail = 0;
      /**
       * `count` subscribers in one statement: the server's own triggers on `subscribers`
       * write the events and their messages, as for a creation through the API.
       */
      const createSubscribers = (count: number) => {
        const from = nextEmail + 1;
        nextEmail += count;
        return db.execute(sql`
          INSERT INTO subscribers (list_id, subscription, email, language)
          SELECT ${list}, 'active', 'w' || g || '@bench.example', 'en'
            FROM generate_series(${from}::int, ${nextEmail}::int) g`);
      };
      const received = () => ask<number>(receivers.proc, 'count');
      const waitFor = async (count: number, limitMs: number) => {
        const end = performance.now() + limitMs;
        while ((await received()) < count && performance.now() < end) await sleep(100);
        return received();
      };
      let worker: WebhookWorker | undefined;
      const startWorker = (o: WebhookOptions = options) => {
        worker = startWebhookWorker(db, o);
      };
      const stopWorker = async () => {
        await worker?.stop();
        worker = undefined;
      };

      try {
        const ok = await endpoint(okUrl);

        // The ceiling: the same HTTP client, a body of the same size, as many in flight.
        const sample = JSON.stringify({
          type: 'subscriber.created',
          id: 'evt_0123456789abcdef',
          timestamp: new Date().toISOString(),
          data: { id: 1, list, email: 'w0@bench.example', subscription: 'active' },
        }).padEnd(600);
        const bare = Math.min(BACKLOG, 3_000);
        let sent = 0;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (sent < bare) {
              sent++;
              await postJson(okUrl, {}, sample, options);
            }
          }),
        );
        const ceiling = perMinute(bare, performance.now() - t0);
        await ask(receivers.proc, 'lags');
        console.log(
          `   bare POST loop: ${fmt(ceiling)}/min (${fmt(bare)} POSTs, ${CONCURRENCY} in flight)`,
        );

        // Top speed: a backlog queued first, then drained.
        await createSubscribers(BACKLOG);
        const t1 = performance.now();
        startWorker();
        await waitFor(BACKLOG, 600_000);
        const drain = perMinute(await received(), performance.now() - t1);
        await ask(receivers.proc, 'lags');
        console.log(
          `   backlog of ${fmt(BACKLOG)}: drained at ${fmt(drain)}/min = ${((drain / ceiling) * 100).toFixed(0)} % of the bare loop`,
        );

        // The target: RATE events a minute arriving in small statements every 100 ms.
        const total = Math.round((RATE * SECONDS) / 60);
        const t2 = performance.now();
        let offered = 0;
        for (let tick = 1; offered < total; tick++) {
          const due = Math.min(total, Math.round((RATE * tick) / 600));
          if (due > offered) await createSubscribers(due - offered);
          offered = due;
          await sleep(Math.max(0, t2 + tick * 100 - performance.now()));
        }
        const offeredMs = performance.now() - t2;
        const got = await waitFor(total, 120_000);
        const deliveredMs = performance.now() - t2;
        const lags = await ask<number[]>(receivers.proc, 'lags');
        console.log(
          `   ${fmt(RATE)}/min for ${SECONDS} s: offered ${fmt(perMinute(total, offeredMs))}/min, delivered ${fmt(got)} of ${fmt(total)} at ${fmt(perMinute(got, deliveredMs))}/min; lag median ${(percentile(lags, 0.5) / 1000).toFixed(2)} s, p95 ${(percentile(lags, 0.95) / 1000).toFixed(2)} s, max ${(percentile(lags, 1) / 1000).toFixed(2)} s (target: median ≤ 2 s)`,
        );
        // The lag's median in each sixth of the run (in order of receipt): does it hold?
        const sixth = Math.ceil(lags.length / 6);
        const trend = Array.from({ length: 6 }, (_, i) =>
          (percentile(lags.slice(i * sixth, (i + 1) * sixth), 0.5) / 1000).toFixed(2),
        );
        console.log(`   lag median by sixth of the run: ${trend.join(', ')} s`);
        await stopWorker();

        // The API beside a receiver that never answers: every call waits the full timeout.
        const page = `/api/v1/lists/${list}/subscribers?page=2`;
        const timeApi = async () => {
          const times: number[] = [];
          const end = performance.now() + API_SECONDS * 1000;
          while (performance.now() < end) {
            const t = performance.now();
            const res = await inject('GET', page);
            if (res.statusCode !== 200) throw new Error(`${page}: ${res.statusCode}`);
            times.push(performance.now() - t);
          }
          return times;
        };
        for (let i = 0; i < 200; i++) await inject('GET', page); // warm-up
        const quiet = await timeApi();
        await inject('DELETE', `/api/v1/webhooks/${ok}`);
        await endpoint(`http://127.0.0.1:${ports.hung}/hook`);
        await createSubscribers(CONCURRENCY * Math.ceil(API_SECONDS / 5 + 2) * 4);
        startWorker();
        await sleep(500);
        const hung = await timeApi();
        await stopWorker();
        const [p95q, p95h] = [percentile(quiet, 0.95), percentile(hung, 0.95)];
        console.log(
          `   API GET ${page.replace(`/lists/${list}/`, '/lists/{id}/')}: p95 ${p95q.toFixed(1)} ms with no webhook traffic (${fmt(quiet.length)} requests), ${p95h.toFixed(1)} ms while ${CONCURRENCY} calls hang (${fmt(hung.length)} requests): ${(((p95h - p95q) / p95q) * 100).toFixed(0)} % (target ≤ 10 %)`,
        );
        console.log(`   ${load()}`);
      } finally {
        await stopWorker();
      }
    });
  } finally {
    receivers.proc.kill();
  }
}
