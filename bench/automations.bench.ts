import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { bareLoops } from './support/bare-loop.js';
import { cpuShare, perMessage } from './support/cpu-share.js';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { advanceDueRuns } from '../server/features/automations/runs.js';
import { usersRepository } from '../server/features/identity/index.js';

/** 100,000 and 1,000,000 by default; smaller numbers for a quicker look. PostgreSQL only. */
const SUBSCRIBERS = Number(process.env.AUTOMATION_BENCH_SUBSCRIBERS ?? 100_000);
const WAITING = Number(process.env.AUTOMATION_BENCH_WAITING ?? 1_000_000);
/** API requests in flight during the burst. */
const CLIENTS = 50;
/** SMTP connections of the engine and of the bare loop alike. */
const CONCURRENCY = 10;
/**
 * A real relay (Debian's Postfix on loopback, every transport `discard`) instead of the
 * in-process sink, which shares the server's event loop and hides the engine's cost.
 */
const RELAY = process.env.AUTOMATION_BENCH_SMTP_URL;

export const name = `Automations: ${SUBSCRIBERS.toLocaleString('en')} subscribers entering a welcome automation through the API, to ${RELAY ? `the relay at ${RELAY}` : 'a local SMTP sink'}, beside the API's and the relay's ceilings; a round with ${WAITING.toLocaleString('en')} runs in a wait (PostgreSQL, DATABASE_URL)`;

/** A sink that counts what it accepts without parsing it (the engine's cost, not the sink's). */
async function countingSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** `count` calls of `call`, CLIENTS in flight: their latencies (ms) and the calls per second. */
async function burst(count: number, call: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, seconds, perSecond: count / seconds };
}

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped: set DATABASE_URL (a PostgreSQL server) to measure');
    return;
  }
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  const sink = await countingSink();
  const smtpUrl = RELAY ?? sink.url;
  try {
    await database.migrate();
    await usersRepository(database.db).create('bench@example.com', 'bench-password');
    const app = await buildApp({
      database,
      sending: { smtpUrls: [smtpUrl], ratePerServer: 0, concurrency: CONCURRENCY, pollMs: 200 },
      deliveryWorker: true,
      automationWorker: true,
      automations: { pollMs: 200 },
    });
    const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
    const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
      app.inject({
        method,
        url: path,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      });
    const list = (
      await inject('POST', '/api/v1/lists', {
        name: 'Burst',
        default_from_name: 'Bench',
        default_from_email: 'bench@example.com',
      })
    ).json<{ id: number }>().id;
    const mailing = (
      await inject('POST', '/api/v1/mailings', {
        list,
        name: 'Welcome',
        variants: [
          {
            subject: 'Welcome',
            layout: { text: '<p>Hello <a href="https://example.org">there</a></p>' },
          },
        ],
      })
    ).json<{ id: number }>().id;
    const automation = (
      await inject('POST', `/api/v1/lists/${list}/automations`, {
        name: 'Welcome',
        trigger: { type: 'subscribed' },
        steps: [
          { type: 'send', mailing },
          { type: 'wait', minutes: 60 * 24 * 2 },
        ],
      })
    ).json<{ id: number }>().id;
    // AUTOMATION_BENCH_BASELINE=1: the same burst with the automation left a draft.
    const baseline = process.env.AUTOMATION_BENCH_BASELINE === '1';
    if (!baseline) await inject('POST', `/api/v1/lists/${list}/automations/${automation}/activate`);

    // The API's ceiling in this run: its cheapest authenticated route, CLIENTS in flight.
    const referenceCount = Math.min(SUBSCRIBERS, 20_000);
    const referenceCpu = cpuShare();
    const reference = await burst(referenceCount, async () => {
      const res = await inject('GET', '/api/v1/regions?page_size=1');
      if (res.statusCode !== 200) throw new Error(`regions: ${res.statusCode}`);
    });
    const sentSoFar = async () => {
      if (!RELAY) return sink.accepted();
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT coalesce(sum(n), 0)::int AS n FROM delivery_counts WHERE state = 'sent'`,
      );
      return row?.n ?? 0;
    };

    const referenceShare = referenceCpu.stop();

    // The burst: every subscriber created through the API, CLIENTS at a time.
    const burstCpu = cpuShare();
    const started = performance.now();
    const creations = await burst(SUBSCRIBERS, async (i) => {
      const res = await inject('POST', `/api/v1/lists/${list}/subscribers`, {
        email: `s${i}@bench.example`,
      });
      if (res.statusCode !== 201) throw new Error(`subscriber ${i}: ${res.statusCode} ${res.body}`);
    });
    while (!baseline && (await sentSoFar()) < SUBSCRIBERS)
      await new Promise((r) => setTimeout(r, 500));
    const allSent = (performance.now() - started) / 1000;
    const burstShare = burstCpu.stop();
    console.log(
      `   API ceiling, GET /api/v1/regions with ${CLIENTS} in flight: ${reference.perSecond.toFixed(0)} req/s, p95 ${percentile(reference.latencies, 0.95).toFixed(1)} ms`,
    );
    console.log(`     ${perMessage(referenceShare, referenceCount, 'server', 'request')}`);
    console.log(
      `   burst: ${SUBSCRIBERS.toLocaleString('en')} creations in ${creations.seconds.toFixed(1)} s = ${creations.perSecond.toFixed(0)}/s (${(creations.perSecond / reference.perSecond).toFixed(2)}× the ceiling; 100,000 in a minute needs 1,667/s); API p50 ${percentile(creations.latencies, 0.5).toFixed(1)} ms, p95 ${percentile(creations.latencies, 0.95).toFixed(1)} ms`,
    );
    console.log(
      `   every welcome handed to SMTP ${allSent.toFixed(1)} s after the burst began (target: within 300 s)`,
    );
    console.log(
      `     ${perMessage(burstShare, SUBSCRIBERS, 'server', `subscriber${baseline ? '' : ' (created and welcomed)'}`)}`,
    );
    await app.close();

    // The relay's ceiling in this run: a bare nodemailer loop, the same count, nothing else running.
    if (!baseline) {
      const bareCpu = cpuShare();
      const rate = await bareLoops(1, {
        url: smtpUrl,
        html: '<p>Hello <a href="https://example.org">there</a></p>',
        text: 'Hello there',
        count: SUBSCRIBERS,
        concurrency: CONCURRENCY,
      });
      console.log(
        `   bare nodemailer loop, ${SUBSCRIBERS.toLocaleString('en')} messages alone: ${(SUBSCRIBERS / rate).toFixed(1)} s (${rate.toFixed(0)} messages/s); the welcomes took ${(allSent / (SUBSCRIBERS / rate)).toFixed(2)}× that`,
      );
      // Without a relay the counting sink is this process: its CPU is the sink's.
      const self = RELAY ? 'this process (idle)' : 'this process (the sink)';
      console.log(`     ${perMessage(bareCpu.stop(), SUBSCRIBERS, self)}`);
    }

    // A wait holding WAITING runs: a round reads the due index only.
    await database.db.execute(sql`
      INSERT INTO automation_runs (automation_id, subscriber_id, email, entry, step_id, step_position, due_datetime)
      SELECT ${automation}, -g, 'w' || g || '@bench.example', 1, 2, 1, now() + interval '2 days'
        FROM generate_series(1, ${WAITING}) g`);
    await database.db.execute(sql`ANALYZE automation_runs`);
    const rounds = 20;
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) await advanceDueRuns(database.db, new Date());
    const perRound = (performance.now() - t0) / rounds;
    const [plan] = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`EXPLAIN SELECT id FROM automation_runs
           WHERE automation_id = ${automation} AND state = 'active' AND due_datetime <= now()
           ORDER BY due_datetime LIMIT 200`,
    );
    console.log(
      `   ${WAITING.toLocaleString('en')} runs waiting: a scheduler round takes ${perRound.toFixed(2)} ms (${plan?.['QUERY PLAN'] ?? ''})`,
    );
  } finally {
    await database.close();
    await sink.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
