import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../server/app.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { usersRepository } from '../server/features/identity/index.js';
import { withPostgresApp } from './support/postgres-app.js';

/** Issue 52: 10,000 provider events in one minute are all recorded, each once. */
const EVENTS = Number(process.env.PROVIDER_BENCH_EVENTS ?? 10_000);
const SECONDS = Number(process.env.PROVIDER_BENCH_SECONDS ?? 60);
/** Share of events the provider sends twice (a retry: same event id, new signature token). */
const REPEATS = Number(process.env.PROVIDER_BENCH_REPEATS ?? 0.1);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const KEY = 'bench-mailgun-signing-key';

export const name = `Provider events: ${EVENTS.toLocaleString('en')} Mailgun bounce events (+${REPEATS * 100} % repeated) offered over ${SECONDS} s to POST /api/v1/bounces/mailgun over HTTP, one per request, each signed (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;

type Bench = { app: App; database: Database; authorization: string };

async function withApp(work: (bench: Bench) => Promise<void>) {
  const appOptions: Partial<AppOptions> = {
    sending: { providers: { mailgun: { signingKey: KEY } } },
  };
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
  await inject('/api/v1/mailings', {
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
}

/** A Mailgun `failed` (permanent) event about recipient i, signed with a fresh token. */
function event(i: number) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  return JSON.stringify({
    signature: {
      timestamp,
      token,
      signature: createHmac('sha256', KEY)
        .update(timestamp + token)
        .digest('hex'),
    },
    'event-data': {
      id: `bench-event-${i}`,
      event: 'failed',
      severity: 'permanent',
      recipient: `r${i}@example.test`,
      'delivery-status': { code: 550, description: 'No such user' },
      message: { headers: { 'message-id': `bench-${i}@acme.example` } },
    },
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function run() {
  await withApp(async (bench) => {
    await seed(bench);
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bench.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/v1/bounces/mailgun`;
    const repeats = Math.round(EVENTS * REPEATS);
    const offers = [
      ...Array.from({ length: EVENTS }, (_, i) => i + 1),
      ...Array.from({ length: repeats }, (_, i) => 1 + Math.floor((i * EVENTS) / repeats)),
    ];
    // Repeats arrive mixed in, as a provider's retries would.
    offers.sort(() => Math.random() - 0.5);
    const gap = (SECONDS * 1000) / offers.length;
    const latencies: number[] = [];
    let failures = 0;
    const problems = new Map<string, number>();
    const note = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (const [n, i] of offers.entries()) {
      const due = started + n * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sentAt = performance.now();
      inFlight.push(
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: event(i),
        })
          .then(async (res) => {
            const text = await res.text();
            if (res.status !== 200) {
              failures++;
              note(`${res.status} ${text.slice(0, 120)}`);
            }
            latencies.push(performance.now() - sentAt);
          })
          .catch((error: Error) => {
            failures++;
            note(String((error.cause as Error | undefined)?.message ?? error.message));
          }),
      );
    }
    const offered = performance.now() - started;
    await Promise.all(inFlight);
    const finished = performance.now() - started;
    const [counts] = await queryRows<{
      records: string | number;
      distinct_emails: string | number;
    }>(
      bench.database.db,
      sql`SELECT count(*) AS records, count(DISTINCT lower(email)) AS distinct_emails FROM stat_bounces`,
    );
    latencies.sort((a, b) => a - b);
    for (const [what, n] of problems) console.log(`   ${n} × ${what}`);
    console.log(
      `   offered ${offers.length.toLocaleString('en')} requests (${EVENTS.toLocaleString('en')} events + ${repeats.toLocaleString('en')} repeats) in ${(offered / 1000).toFixed(1)} s; all answered after ${(finished / 1000).toFixed(1)} s; non-200: ${failures}`,
    );
    console.log(
      `   recorded ${Number(counts!.records).toLocaleString('en')} bounces for ${Number(counts!.distinct_emails).toLocaleString('en')} recipients (expected ${EVENTS.toLocaleString('en')} each: ${Number(counts!.records) === EVENTS && Number(counts!.distinct_emails) === EVENTS ? 'all, each once' : 'MISMATCH'})`,
    );
    console.log(
      `   request latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
    );
  });
}
