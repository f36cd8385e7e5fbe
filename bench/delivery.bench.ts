import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp, type App } from '../server/app.js';
import { DASHBOARD_HEADER } from '../contract/dashboard-client.js';
import { openDatabase, type Db } from '../server/db/client.js';
import { compileVariant, renderMessage } from '../server/features/sending/index.js';
import { queryRows } from '../server/db/query-rows.js';
import type { RawRow } from '../server/db/raw-row.js';
import type { deliveries, lists } from '../server/db/schema/index.js';
import { usersRepository } from '../server/features/identity/index.js';
import { bareLoops } from './support/bare-loop.js';
import { cpuShare, perMessage } from './support/cpu-share.js';

/** 100,000 by default; DELIVERY_BENCH_RECIPIENTS for a quicker look. PostgreSQL only. */
const RECIPIENTS = Number(process.env.DELIVERY_BENCH_RECIPIENTS ?? 100_000);
/**
 * A real relay instead of the in-process sink (issue 28: Debian's Postfix on loopback, every
 * transport `discard`): the sink answers as fast as it parses and hides the engine's own cost.
 */
const RELAY = process.env.DELIVERY_BENCH_SMTP_URL;
/** The bare loop's rate settles long before this many messages (a relay: the same count). */
const BASELINE = RELAY ? RECIPIENTS : Math.min(RECIPIENTS, 5_000);
/** SMTP connections (and messages in flight) of the engine and of the bare loop alike. */
const CONCURRENCY = Number(process.env.DELIVERY_BENCH_CONCURRENCY ?? 10);
const CLICK_CLIENTS = 20;
const CLICK_SECONDS = 5;
const CEILING_PATH = '/bench-ceiling';

export const name = `Delivery: ${RECIPIENTS.toLocaleString('en')} recipients on PostgreSQL to ${RELAY ? `the relay at ${RELAY}` : 'a local SMTP sink'}, vs a bare nodemailer loop; click redirect with ${CLICK_CLIENTS} clients`;
const USER = { username: 'bench@example.com', password: 'bench-password' };
const authorization = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;

/*
 * The sink and the HTTP clients each run in a child process (this file again, with
 * DELIVERY_BENCH_ROLE; the bare loop in support/bare-loop.ts): the RSS measured is the
 * server's alone, and the load generators do not take the server's event loop.
 */
type Role = 'sink' | 'clicks' | 'pages' | 'replica';
const ROLE = process.env.DELIVERY_BENCH_ROLE as Role | undefined;

/** Starts a child in `role`; resolves once it listens (its first message: 'ready' or its answer). */
function child(role: Role): { proc: ChildProcess; first: Promise<unknown> } {
  const proc = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, DELIVERY_BENCH_ROLE: role },
    execArgv: ['--import', 'tsx'],
  });
  return { proc, first: new Promise((resolve) => proc.once('message', resolve)) };
}

async function ready(role: Exclude<Role, 'sink'>) {
  const { proc, first } = child(role);
  await first;
  return proc;
}

/** Sends `message` to a child and waits for its answer. */
function ask<T>(proc: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    proc.once('message', (answer) => resolve(answer as T));
    proc.once('exit', (code) => reject(new Error(`bench child exited (${code})`)));
    proc.send(message as never);
  });
}

/** An SMTP server on loopback that accepts and counts (no parsing: it must not be the limit). */
async function sinkRole() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.send!({ url: `smtp://127.0.0.1:${port}` });
  process.on('message', () => process.send!({ received }));
  process.on('disconnect', () => process.exit(0));
}

/** Every engine of the bench sends alike: no rate limit, CONCURRENCY connections. */
const sendingTo = (smtpUrl: string) => ({
  smtpUrls: [smtpUrl],
  ratePerServer: 0,
  concurrency: CONCURRENCY,
  pollMs: 200,
});

/** A second server process on the same database, sending with its own engine until stopped. */
async function replicaRole() {
  const { databaseUrl, smtpUrl } = (await new Promise((resolve) => {
    process.once('message', resolve);
    process.send!('ready');
  })) as { databaseUrl: string; smtpUrl: string };
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({
    database,
    sending: sendingTo(smtpUrl),
    deliveryWorker: true,
  });
  await app.ready();
  // A server process and nothing else (the bench's own process also holds the harness).
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  process.once('message', async () => {
    clearInterval(sampler);
    await app.close();
    await database.close();
    process.send!({ rssBefore, peak }, () => process.disconnect());
  });
  process.send!('started');
}

function request(port: number, agent: http.Agent, path: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

/** CLICK_CLIENTS keep-alive clients for CLICK_SECONDS, each request the next path. */
async function clicksRole() {
  process.on('message', async (m) => {
    const { port, paths } = m as { port: number; paths: string[] };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLICK_CLIENTS });
    let sent = 0;
    const statuses: Record<number, number> = {};
    const end = performance.now() + CLICK_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLICK_CLIENTS }, async () => {
        while (performance.now() < end) {
          // A person's browser: every rule of issue 51's classification runs on its hits.
          const status = await request(port, agent, paths[sent++ % paths.length]!, BROWSER);
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

/**
 * A subscriber page every 50 ms until told to stop, as the dashboard reads it (with its
 * session cookie: a Basic header would cost a password hash a minute, 128 MB and 0.3 s of
 * scrypt, which is the sign-in's cost, not the delivery's); answers the latencies.
 */
async function pagesRole() {
  const { port, list, cookie } = (await new Promise((r) => {
    process.once('message', r);
    process.send!('ready');
  })) as {
    port: number;
    list: number;
    cookie: string;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let done = false;
  // 'reset' when the engine starts (the bare loop ran under the same reads), 'report' when
  // it is done (the reads go on through the later phases), then 'stop'.
  process.on('message', (m) => {
    if (m === 'reset') latencies.length = 0;
    else if (m === 'report') {
      process.send!({ count: latencies.length, p95: p95(latencies) });
    } else done = true;
  });
  for (let page = 1; !done; page++) {
    const t0 = performance.now();
    await request(port, agent, `/api/v1/lists/${list}/subscribers?page=${(page % 1000) + 1}`, {
      cookie,
      [DASHBOARD_HEADER]: '1',
    });
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  agent.destroy();
  process.send!('stopped', () => process.disconnect());
}

const LAYOUT = `<html><body><h1>Spring news</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}</p>
<p><a href="https://example.org/one">One</a> · <a href="https://example.org/two?a=1&amp;b=2">Two</a> · <a href="https://example.org/three">Three</a></p></body></html>`;

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = async () => (await import('node:os')).loadavg().map((l) => l.toFixed(2));

/** A mailing of the list with one delivery, scheduled far ahead until a phase makes it due. */
async function createMailing(app: App, db: Db, list: number, name: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/mailings',
    headers: { authorization },
    payload: {
      list,
      name,
      variants: [
        {
          subject: 'Spring news',
          layout: { text: LAYOUT },
          deliveries: [{ scheduled_datetime: '2099-01-01T00:00:00Z' }],
        },
      ],
    },
  });
  if (created.statusCode !== 201) throw new Error(`mailing not created: ${created.body}`);
  const [delivery] = await queryRows<Pick<RawRow<typeof deliveries>, 'id'>>(
    db,
    sql`SELECT d.id FROM deliveries d JOIN variants v ON v.id = d.variant_id
         WHERE v.mailing_id = ${(created.json() as { id: number }).id}`,
  );
  return delivery!.id;
}

async function setUp(app: App, db: Db) {
  const [list] = await queryRows<Pick<RawRow<typeof lists>, 'id'>>(
    db,
    sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
        VALUES ('Bench', 'Acme', 'news@acme.example', '{en}') RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email, language)
    SELECT ${list!.id}, 'active', 'user' || g || '@example.com', 'en'
      FROM generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`ANALYZE subscribers`);
  const delivery = await createMailing(app, db, list!.id, 'Bench mailing');
  const template = compileVariant(
    {
      fromName: 'Acme',
      fromEmail: 'news@acme.example',
      replytoEmail: '',
      subject: 'Spring news',
      layoutText: LAYOUT,
      layoutSource: LAYOUT,
    },
    'http://127.0.0.1',
  );
  return { list: list!.id, delivery, template };
}

/** `loops` bare loops side by side, BASELINE messages in all: their combined messages/s. */
const bareLoopsOf = (loops: number, url: string, html: string, text: string) =>
  bareLoops(loops, { url, html, text, count: BASELINE, concurrency: CONCURRENCY });

/**
 * Makes a delivery due now and waits until the engines have sent it: seconds taken, and when
 * (seconds after it became due) the first and the last result were recorded, so that
 * the start and the finish show apart from the sending.
 */
async function runDelivery(db: Db, delivery: number) {
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  await db.execute(sql`UPDATE deliveries SET scheduled_datetime = now() WHERE id = ${delivery}`);
  let first = NaN;
  let last = NaN;
  for (;;) {
    // Results of any kind (sent, failed, bounced…): every state but `queued` (which counts
    // the rows being sent as well).
    const [d] = await queryRows<{ status: string; results: number }>(
      db,
      sql`SELECT status, coalesce((SELECT sum(n) FROM delivery_counts
                                    WHERE delivery_id = d.id AND state <> 'queued'), 0)::int AS results
            FROM deliveries d WHERE id = ${delivery}`,
    );
    if (Number.isNaN(first) && (d?.results ?? 0) > 0) first = since();
    if (Number.isNaN(last) && (d?.results ?? 0) >= RECIPIENTS) last = since();
    if (d?.status === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = since();
  console.log(
    `     first result recorded after ${first.toFixed(1)} s, the last after ${last.toFixed(1)} s, done after ${seconds.toFixed(1)} s`,
  );
  return seconds;
}

/**
 * With DELIVERY_BENCH_PROFILE=<file>, a CPU profile of the server's process while the engine
 * sends (open it in Chrome's DevTools): where the engine's own cost per message goes.
 */
async function startProfile() {
  const file = process.env.DELIVERY_BENCH_PROFILE;
  if (!file) return undefined;
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`     CPU profile of the engine's phase written to ${file}`);
    },
  };
}

type Outage = { cut(): Promise<void>; restore(): Promise<void> };

async function measure(
  app: App,
  db: Db,
  sink: ChildProcess,
  sinkUrl: string,
  databaseUrl: string,
  outage: Outage,
) {
  const { port } = app.server.address() as AddressInfo;
  const { list, delivery, template } = await setUp(app, db);

  // Subscriber pages are read through every phase, so the bare loop runs on a machine as
  // busy as the engine's (the pages' own latency is reported for the engine's phase).
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: { [DASHBOARD_HEADER]: '1' },
    payload: { username: USER.username, password: USER.password },
  });
  if (signIn.statusCode !== 201) throw new Error(`not signed in: ${signIn.body}`);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const pages = await ready('pages');
  pages.send({ port, list, cookie });

  // Baseline: the same message as the engine renders it, pre-rendered once.
  const sample = renderMessage(
    template,
    { who: '1', email: 'user1@example.com', subscriberId: 1, deliveryId: 1 },
    'http://127.0.0.1',
    app.sending.signer,
  );
  const bareCpu = cpuShare();
  const bare = await bareLoopsOf(1, sinkUrl, sample.html, sample.text);
  console.log(
    `   bare nodemailer loop: ${BASELINE.toLocaleString('en')} messages, ${bare.toFixed(0)} messages/s`,
  );
  console.log(`     ${perMessage(bareCpu.stop(), BASELINE, 'server (pages only)')}`);

  // The engine: start the delivery now and watch it while the client reads subscriber pages.
  const received = async () =>
    RELAY ? NaN : (await ask<{ received: number }>(sink, 'count')).received;
  const before = await received();
  const rssBefore = process.memoryUsage().rss;
  let peak = process.memoryUsage();
  const rssTimer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 100);
  // How long the server's event loop was held at a time (what a page request waits for).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  pages.send('reset');
  const engineCpu = cpuShare();
  const profiler = await startProfile();
  const seconds = await runDelivery(db, delivery);
  await profiler?.stop();
  const engineShare = engineCpu.stop();
  clearInterval(rssTimer);
  loopDelay.disable();
  const pageTimes = await ask<{ count: number; p95: number }>(pages, 'report');
  const after = await received();
  const engine = RECIPIENTS / seconds;
  console.log(
    `   delivery engine: ${RECIPIENTS.toLocaleString('en')} recipients in ${seconds.toFixed(1)} s, ${engine.toFixed(0)} messages/s ${RELAY ? '' : ` (sink received ${(after - before).toLocaleString('en')})`}`,
  );
  console.log(`     ${perMessage(engineShare, RECIPIENTS, 'server')}`);
  console.log(`   ratio engine / bare loop: ${(engine / bare).toFixed(2)} (target ≥ 0.8)`);
  console.log(
    `   peak RSS of the server process during the delivery: ${mb(peak.rss)} (${mb(rssBefore)} before it; target ≤ 250 MB); then V8 heap ${mb(peak.heapUsed)} used of ${mb(peak.heapTotal)}, external ${mb(peak.external)}`,
  );
  console.log(
    `   server event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `   subscriber page during the delivery: p95 ${pageTimes.p95.toFixed(1)} ms over ${pageTimes.count} requests (target ≤ 50)`,
  );
  console.log(`   load average (1, 5, 15 min): ${(await load()).join(', ')}`);

  if (process.env.DELIVERY_BENCH_REPLICAS !== '0') {
    await measureReplicas(app, db, { list, databaseUrl, sinkUrl, engine, bare, sample });
  }
  await ask(pages, 'stop');
  await measureClicks(app, db, delivery, template, outage);
}

/**
 * Two replicas (this process and a second one on the same database) send a second delivery
 * of the same size together; beside them, two bare loops side by side give what the machine
 * allows two senders (on a full 2-core machine, about what one gets).
 */
async function measureReplicas(
  app: App,
  db: Db,
  one: {
    list: number;
    databaseUrl: string;
    sinkUrl: string;
    engine: number;
    bare: number;
    sample: { html: string; text: string };
  },
) {
  const delivery = await createMailing(app, db, one.list, 'Bench mailing, two replicas');
  const replica = await ready('replica');
  await ask(replica, { databaseUrl: one.databaseUrl, smtpUrl: one.sinkUrl });
  const cpu = cpuShare();
  const engines = RECIPIENTS / (await runDelivery(db, delivery));
  const share = cpu.stop();
  const rss = await ask<{ rssBefore: number; peak: number }>(replica, 'stop');
  const bares = await bareLoopsOf(2, one.sinkUrl, one.sample.html, one.sample.text);
  const ceiling = bares / one.bare;
  const scaling = engines / one.engine;
  console.log(
    `   two replicas: ${engines.toFixed(0)} messages/s = ${scaling.toFixed(2)}× one (target ≥ 1.4); two bare loops side by side: ${bares.toFixed(0)} messages/s = ${ceiling.toFixed(2)}× one, the machine's ceiling for two senders; ${(scaling / ceiling).toFixed(2)} of it`,
  );
  console.log(`     ${perMessage(share, RECIPIENTS, 'this replica')}`);
  console.log(
    `     the second replica, a server process alone: peak RSS ${mb(rss.peak)} (${mb(rss.rssBefore)} before)`,
  );
}

/**
 * The click redirect: CLICK_CLIENTS clients on keep-alive connections, each request the link
 * of another recipient (as real clicks are: the same person's repeats are rare); then the
 * TRACKING=counts links, where every click of a URL piles onto one key.
 */
async function measureClicks(
  app: App,
  db: Db,
  delivery: number,
  template: ReturnType<typeof compileVariant>,
  outage: Outage,
) {
  const { port } = app.server.address() as AddressInfo;
  const recipients = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM delivery_recipients WHERE delivery_id = ${delivery} ORDER BY id LIMIT 1000`,
  );
  const linksOf = (who: string) => {
    const message = renderMessage(
      template,
      { who, email: '', subscriberId: null, deliveryId: delivery },
      '',
      app.sending.signer,
    );
    // Not the trap link (issue 51), which no person clicks.
    return [...message.html.matchAll(/href="([^"]*\/t\/c\/[^"]+)"(?! aria-hidden)/g)].map(
      (m) => m[1]!,
    );
  };
  const pixelOf = (who: string) =>
    /src="([^"]*\/t\/o\/[^"]+)"/.exec(
      renderMessage(
        template,
        { who, email: '', subscriberId: null, deliveryId: delivery },
        '',
        app.sending.signer,
      ).html,
    )![1]!;
  const clicker = await ready('clicks');
  const clicksNow = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          db,
          sql`SELECT (SELECT count(*) FROM stat_clicks) + (SELECT count(*) FROM stat_opens) AS n`,
        )
      )[0]!.n,
    );
  let ceiling = NaN;
  for (const [label, paths] of [
    // The ceiling on this machine: the same server (hooks and all), client and settings, a
    // route that only redirects; the client shares the cores, so targets are read against it.
    ['ceiling (a route that only redirects)', [CEILING_PATH]],
    ['per person', recipients.flatMap((r) => linksOf(String(r.id)))],
    ['TRACKING=counts', linksOf(`d${delivery}`)],
    // The open pixel (issue 51: the same target, ≥ 2,000 requests/s), one per person; against
    // a ceiling of its own (the same GIF), with people's and machines' traffic: open-pixel.bench.ts.
    ['open pixel, per person', recipients.map((r) => pixelOf(String(r.id)))],
    // The floor without the database: signature check, hooks, a 404 page.
    [
      'tampered (404, records nothing)',
      linksOf('1').map((p) => p.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))),
    ],
  ] as const) {
    const recordedBefore = await clicksNow();
    const { statuses } = await ask<{ statuses: Record<number, number> }>(clicker, {
      port,
      paths,
    });
    const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
    // The hits still buffered are this phase's: counted here, not in the next line.
    await app.trackingHits.flush();
    const rate = answered / CLICK_SECONDS;
    if (label.startsWith('ceiling')) ceiling = rate;
    console.log(
      `   ${/^(open|ceiling)/.test(label) ? '' : 'click redirect, '}${label}: ${rate.toFixed(0)} requests/s with ${CLICK_CLIENTS} clients (target ≥ 2,000), ${(rate / ceiling).toFixed(2)} of the ceiling; answers ${JSON.stringify(statuses)}, ${(await clicksNow()) - recordedBefore} hits recorded`,
    );
  }
  // PostgreSQL out of reach: every connection of the server's cut, new ones refused. The
  // redirect answers from the token; the hits wait in memory and are written once it is back.
  const recordedBefore = await clicksNow();
  await outage.cut();
  const { statuses } = await ask<{ statuses: Record<number, number> }>(clicker, {
    port,
    paths: recipients.flatMap((r) => linksOf(String(r.id))),
  }).finally(() => outage.restore());
  await app.trackingHits.flush();
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  console.log(
    `   click redirect, per person, the database cut off: ${(answered / CLICK_SECONDS).toFixed(0)} requests/s; answers ${JSON.stringify(statuses)}, ${(await clicksNow()) - recordedBefore} clicks recorded once it was back`,
  );
  clicker.kill();
  console.log(`   load average (1, 5, 15 min): ${(await load()).join(', ')}`);
}

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped (set DATABASE_URL to a PostgreSQL server to measure)');
    return;
  }
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const { proc: sink, first } = child('sink');
  try {
    const sinkUrl = RELAY ?? ((await first) as { url: string }).url;
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    await database.migrate();
    await usersRepository(database.db).create(USER.username, USER.password);
    const app = await buildApp({
      database,
      sending: sendingTo(sinkUrl),
      deliveryWorker: true,
    });
    app.get(CEILING_PATH, { config: { public: true } }, (_request, reply) =>
      reply.redirect('https://example.com/', 302),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const outage: Outage = {
      async cut() {
        await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [dbName],
        );
      },
      async restore() {
        await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      },
    };
    try {
      await measure(app, database.db, sink, sinkUrl, target.toString(), outage);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    sink.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

if (ROLE === 'sink') await sinkRole();
else if (ROLE === 'clicks') await clicksRole();
else if (ROLE === 'pages') await pagesRole();
else if (ROLE === 'replica') await replicaRole();
