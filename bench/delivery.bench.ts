import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Db } from '../server/db/client.js';
import { compileVariant, renderMessage } from '../server/features/deliveries/render.js';
import { queryRows } from '../server/features/imports/repository.js';
import { usersRepository } from '../server/features/users/repository.js';

/** 100,000 by default; DELIVERY_BENCH_RECIPIENTS for a quicker look. PostgreSQL only. */
const RECIPIENTS = Number(process.env.DELIVERY_BENCH_RECIPIENTS ?? 100_000);
/** The bare loop's rate settles long before this many messages. */
const BASELINE = Math.min(RECIPIENTS, 20_000);
const CONCURRENCY = 10;

export const name = `Delivery: ${RECIPIENTS.toLocaleString('en')} recipients on PostgreSQL to a local SMTP sink, vs a bare nodemailer loop; click redirect with 20 clients`;
const USER = { username: 'bench@example.com', password: 'bench-password' };
const authorization = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;

/** An SMTP server on loopback that accepts and counts (no parsing: it must not be the limit). */
async function startSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LAYOUT = `<html><body><h1>Spring news</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}</p>
<p><a href="https://example.org/one">One</a> · <a href="https://example.org/two?a=1&amp;b=2">Two</a> · <a href="https://example.org/three">Three</a></p></body></html>`;

function request(port: number, agent: http.Agent, path: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { authorization } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
  });
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;

/** The bare loop: one pre-rendered message pushed BASELINE times, CONCURRENCY at once. */
async function bareLoop(url: string, html: string, text: string) {
  const transport = nodemailer.createTransport(url, {
    pool: true,
    maxConnections: CONCURRENCY,
    maxMessages: Infinity,
  } as never);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < BASELINE) {
        const i = next++;
        await transport.sendMail({
          from: '"Acme" <news@acme.example>',
          to: `user${i}@example.com`,
          subject: 'Spring news',
          html,
          text,
          messageId: `<bare-${i}@acme.example>`,
        });
      }
    }),
  );
  transport.close();
  return BASELINE / ((performance.now() - started) / 1000);
}

async function measure(app: App, db: Db, sinkUrl: string, received: () => number) {
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const [list] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
        VALUES ('Bench', 'Acme', 'news@acme.example', '{en}') RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO subscribers (list_id, subscription, email, language)
    SELECT ${list!.id}, 'active', 'user' || g || '@example.com', 'en'
      FROM generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`ANALYZE subscribers`);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/mailings',
    headers: { authorization },
    payload: {
      list: list!.id,
      name: 'Bench mailing',
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

  // Baseline: the same message as the engine renders it, pre-rendered once.
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
  const sample = renderMessage(
    template,
    { who: '1', email: 'user1@example.com', subscriberId: 1, deliveryId: 1 },
    'http://127.0.0.1',
    app.sending.signer,
  );
  const bare = await bareLoop(sinkUrl, sample.html, sample.text);
  console.log(
    `   bare nodemailer loop: ${BASELINE.toLocaleString('en')} messages, ${bare.toFixed(0)} messages/s`,
  );

  // The engine: start the delivery now and watch it, reading a subscriber page meanwhile.
  const before = received();
  let peakRss = process.memoryUsage().rss;
  const pageLatencies: number[] = [];
  const started = performance.now();
  await db.execute(sql`UPDATE deliveries SET scheduled_datetime = now()`);
  let done = false;
  const sampler = (async () => {
    let page = 1;
    while (!done) {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const t0 = performance.now();
      await request(
        port,
        agent,
        `/api/v1/lists/${list!.id}/subscribers?page=${(page++ % 1000) + 1}`,
      );
      pageLatencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  for (;;) {
    const [d] = await queryRows<{ status: string }>(db, sql`SELECT status FROM deliveries`);
    if (d?.status === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await sampler;
  const engine = RECIPIENTS / seconds;
  console.log(
    `   delivery engine: ${RECIPIENTS.toLocaleString('en')} recipients in ${seconds.toFixed(1)} s, ${engine.toFixed(0)} messages/s (sink received ${(received() - before).toLocaleString('en')})`,
  );
  console.log(`   ratio engine / bare loop: ${(engine / bare).toFixed(2)} (target ≥ 0.5)`);
  console.log(
    `   peak RSS of this process (server, engine, sink): ${(peakRss / 1024 / 1024).toFixed(0)} MB (target ≤ 300)`,
  );
  console.log(
    `   subscriber page during the delivery: p95 ${p95(pageLatencies).toFixed(1)} ms over ${pageLatencies.length} requests (target ≤ 100)`,
  );

  // The click redirect: 20 clients on keep-alive connections for 5 s, each request the link
  // of another recipient (as real clicks are: the same person's repeats are rare).
  const recipients = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM delivery_recipients ORDER BY id LIMIT 1000`,
  );
  const paths = recipients.map((r) => {
    const message = renderMessage(
      template,
      { who: String(r.id), email: '', subscriberId: null, deliveryId: 1 },
      '',
      app.sending.signer,
    );
    return /href="([^"]*\/t\/c\/[^"]+)"/.exec(message.html)![1]!;
  });
  let sent = 0;
  let clicks = 0;
  const end = performance.now() + 5000;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < end) {
        if ((await request(port, agent, paths[sent++ % paths.length]!)) === 302) clicks++;
      }
    }),
  );
  console.log(
    `   click redirect: ${(clicks / 5).toFixed(0)} requests/s with 20 clients (target ≥ 2,000)`,
  );
  agent.destroy();
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
  const sink = await startSink();
  try {
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    await database.migrate();
    await usersRepository(database.db).create(USER.username, USER.password);
    const app = await buildApp({
      database,
      sending: { smtpUrls: [sink.url], ratePerServer: 0, concurrency: CONCURRENCY, pollMs: 200 },
      deliveryWorker: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await measure(app, database.db, sink.url, sink.received);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await sink.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
