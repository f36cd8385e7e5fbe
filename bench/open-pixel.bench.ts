import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { App } from '../server/app.js';
import type { Db } from '../server/db/client.js';
import { queryRows } from '../server/db/query-rows.js';
import { cpuShare, perMessage } from './support/cpu-share.js';
import { withPostgresApp } from './support/postgres-app.js';

/** Recipients in the send log: the keys the opens spread over. */
const RECIPIENTS = Number(process.env.OPEN_PIXEL_BENCH_RECIPIENTS ?? 10_000);
const CLIENTS = 20;
const SECONDS = Number(process.env.OPEN_PIXEL_BENCH_SECONDS ?? 5);
const CEILING_PATH = '/bench-pixel-ceiling';

export const name = `Open pixel (issue 51: ≥ 2,000 requests/s with classification on): ${CLIENTS} clients, opens of ${RECIPIENTS.toLocaleString('en')} recipients from many addresses and agents, and machine-heavy traffic, vs a route that only answers the same GIF (PostgreSQL, DATABASE_URL)`;

/**
 * What a phase sends: each request the next path, with the next agent and client address
 * (X-Forwarded-For from loopback, which TRUST_PROXY's default trusts, so the rules see it).
 */
type Traffic = { paths: string[]; agents: string[]; addresses: string[]; seconds?: number };

/** Mail clients and browsers that load images as a person opens a message. */
const PEOPLE_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17126; Pro)',
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.6.0',
];
/** 5,000 addresses in 250 /24 blocks of documentation-free public space. */
const PEOPLE_ADDRESSES = Array.from(
  { length: 5000 },
  (_, i) => `${81 + (i % 5)}.${(i * 7) % 50}.${(i * 13) % 200}.${(i % 250) + 1}`,
);

/*
 * The client runs in a child process (this file again, with OPEN_PIXEL_BENCH_ROLE): it
 * shares the cores with the server, as any load generator on one machine must, but not its
 * event loop.
 */
async function clientRole() {
  process.on('message', async (m) => {
    const { port, paths, agents, addresses, seconds = SECONDS } = m as Traffic & { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let sent = 0;
    const statuses: Record<number, number> = {};
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const n = sent++;
          const status = await new Promise<number>((resolve, reject) => {
            const headers = {
              'user-agent': agents[n % agents.length]!,
              'x-forwarded-for': addresses[(n * 7919) % addresses.length]!,
            };
            const path = paths[n % paths.length]!;
            http
              .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              })
              .on('error', reject);
          });
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    agent.destroy();
    process.send!({ statuses });
  });
  process.on('disconnect', () => process.exit(0));
  process.send!('ready');
}

async function startClient() {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, OPEN_PIXEL_BENCH_ROLE: 'client' },
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => proc.once('message', resolve));
  return proc;
}

function drive(client: ChildProcess, port: number, traffic: Traffic) {
  return new Promise<Record<number, number>>((resolve, reject) => {
    client.once('message', (answer) =>
      resolve((answer as { statuses: Record<number, number> }).statuses),
    );
    client.once('exit', (code) => reject(new Error(`bench client exited (${code})`)));
    client.send({ port, ...traffic });
  });
}

/** A delivery whose send log holds RECIPIENTS messages sent an hour ago (no hit is `early`). */
async function setUp(db: Db) {
  await db.execute(sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
    VALUES ('Bench', 'Acme', 'news@acme.example', '{en}')`);
  await db.execute(sql`INSERT INTO mailings (list_id, name) VALUES (1, 'Opens')`);
  await db.execute(sql`INSERT INTO variants (mailing_id, position, from_name, from_email, subject)
    VALUES (1, 0, 'Acme', 'news@acme.example', 'Spring news')`);
  await db.execute(sql`INSERT INTO deliveries (variant_id, scheduled_datetime, started_datetime)
    VALUES (1, now() - interval '1 hour', now() - interval '1 hour')`);
  await db.execute(sql`
    INSERT INTO delivery_recipients (delivery_id, email, state, sent_datetime)
    SELECT 1, 'user' || g || '@example.com', 'sent', now() - interval '1 hour'
      FROM generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`ANALYZE delivery_recipients`);
  return (
    await queryRows<{ id: string }>(db, sql`SELECT id FROM delivery_recipients ORDER BY id`)
  ).map((r) => r.id);
}

const rowsOf = async (db: Db) =>
  (
    await queryRows<{ class: string; n: number }>(
      db,
      sql`SELECT class, count(*)::int AS n FROM stat_opens GROUP BY 1 ORDER BY 1`,
    )
  ).reduce<Record<string, number>>((all, r) => ({ ...all, [r.class]: r.n }), {});

async function measure(app: App, db: Db) {
  const { port } = app.server.address() as AddressInfo;
  const recipients = await setUp(db);
  const pixel = (who: string) => `/t/o/${app.sending.signer.sign({ kind: 'o', who })}`;
  const perPerson = recipients.map(pixel);
  const people = { agents: PEOPLE_AGENTS, addresses: PEOPLE_ADDRESSES };
  const ceiling: Traffic = { paths: [CEILING_PATH], ...people };
  const measured: [string, Traffic][] = [
    ['people: each open another recipient, agent and address', { paths: perPerson, ...people }],
    [
      'machine-heavy: Apple’s proxy fetching every recipient’s pixel',
      {
        paths: perPerson,
        agents: ['Mozilla/5.0'],
        addresses: Array.from({ length: 500 }, (_, i) => `17.58.${i % 250}.${(i % 7) + 1}`),
      },
    ],
    [
      'machine-heavy: a gateway on one key (TRACKING=counts pixel, one address)',
      { paths: [pixel('d1')], agents: [PEOPLE_AGENTS[0]!], addresses: ['40.107.3.4'] },
    ],
  ];
  const client = await startClient();
  /** One phase: requests/s, and what it recorded and cost. */
  const phase = async (traffic: Traffic) => {
    const before = await rowsOf(db);
    const cpu = cpuShare();
    const statuses = await drive(client, port, traffic);
    const share = cpu.stop();
    const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
    // Hits are written after the answer (hit-recorder.ts): how far their writing lags.
    const waiting = app.trackingHits.pending();
    const drainStarted = performance.now();
    await app.trackingHits.flush();
    const drained = (performance.now() - drainStarted) / 1000;
    const after = await rowsOf(db);
    const recorded = Object.entries(after)
      .map(([c, n]) => [c, n - (before[c] ?? 0)] as const)
      .filter(([, n]) => n !== 0);
    return {
      rate: answered / SECONDS,
      answers: JSON.stringify(statuses),
      recorded: `${JSON.stringify(Object.fromEntries(recorded))} (${waiting} of them written after the phase, in ${drained.toFixed(1)} s)`,
      cpu: perMessage(share, answered, 'server', 'request'),
    };
  };
  try {
    // Not measured: the first seconds of a route run before V8 has optimised it.
    for (const traffic of [ceiling, measured[0]![1]])
      await drive(client, port, { ...traffic, seconds: 2 });
    await app.trackingHits.flush();
    // Each measure between two ceilings: the machine's other load drifts within seconds.
    let before = await phase(ceiling);
    console.log(
      `   ceiling (a route that only answers the same GIF): ${before.rate.toFixed(0)} requests/s; ${before.cpu}`,
    );
    for (const [label, traffic] of measured) {
      const m = await phase(traffic);
      const after = await phase(ceiling);
      const ceilingRate = (before.rate + after.rate) / 2;
      console.log(
        `   ${label}: ${m.rate.toFixed(0)} requests/s (target ≥ 2,000), ${(m.rate / ceilingRate).toFixed(2)} of the ceiling around it (${ceilingRate.toFixed(0)}); answers ${m.answers}; recorded ${m.recorded}`,
      );
      console.log(`     ${m.cpu}`);
      console.log(`   ceiling: ${after.rate.toFixed(0)} requests/s; ${after.cpu}`);
      before = after;
    }
  } finally {
    client.kill();
  }
  console.log(
    `   load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
}

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped (set DATABASE_URL to a PostgreSQL server to measure)');
    return;
  }
  await withPostgresApp(url, async ({ app, database }) => {
    // The ceiling: the same server (hooks and all), client and headers; only the work differs.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    app.get(CEILING_PATH, { config: { public: true }, logLevel: 'warn' }, (_request, reply) =>
      reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(gif),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await measure(app, database.db);
    } finally {
      await app.close();
    }
  });
}

if (process.env.OPEN_PIXEL_BENCH_ROLE === 'client') await clientRole();
