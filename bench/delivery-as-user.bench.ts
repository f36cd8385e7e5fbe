import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DASHBOARD_HEADER } from '../contract/dashboard-client.js';
import { compileVariant, createSigner, renderMessage } from '../server/features/sending/index.js';
import { bareLoops } from './support/bare-loop.js';

/**
 * Issue 52: one engine against a bare nodemailer loop through Postfix, measured as a user
 * would: the bare loop first, Postfix's queue drained, then a delivery of RECIPIENTS made
 * due through the API (a mailing whose delivery is scheduled now) on a server started as
 * `npm start` starts it, its progress read through the API until it says `done`. Beside it,
 * what delivery.bench.ts would read of the same delivery: the span between its first and
 * its last message in the send log.
 */
const RECIPIENTS = Number(process.env.DELIVERY_BENCH_RECIPIENTS ?? 20_000);
const RELAY = process.env.DELIVERY_BENCH_SMTP_URL;
const CONCURRENCY = Number(process.env.DELIVERY_BENCH_CONCURRENCY ?? 10);
/** How often the client reads the delivery's progress (the dashboard: every second). */
const POLL_MS = Number(process.env.DELIVERY_BENCH_POLL_MS ?? 250);
const PORT = 4299;
/** Suppressed addresses for the second delivery (issue 52's target: 1,000,000); 0: none. */
const SUPPRESSED = Number(process.env.DELIVERY_BENCH_SUPPRESSED ?? 1_000_000);

export const name = `Delivery as a user measures it: a bare nodemailer loop, Postfix drained, then ${RECIPIENTS.toLocaleString('en')} recipients made due through the API of a server started as npm start does, progress read through the API every ${POLL_MS} ms (${CONCURRENCY} connections each; relay ${RELAY ?? 'unset'})`;

const LAYOUT = `<html><body><h1>Spring news</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}</p>
<p><a href="https://example.org/one">One</a> · <a href="https://example.org/two?a=1&amp;b=2">Two</a> · <a href="https://example.org/three">Three</a></p></body></html>`;
const ADMIN = { username: 'bench@example.com', password: 'bench-password' };

/** Waits until Postfix's queue is empty (what the bare loop handed it is gone). */
async function drainPostfix() {
  const started = performance.now();
  for (;;) {
    const queue = execFileSync('/usr/sbin/postqueue', ['-j'], { encoding: 'utf8' }).trim();
    if (queue === '') return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startServer(databaseUrl: string): Promise<ChildProcess> {
  const proc = fork(fileURLToPath(new URL('./support/user-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: RELAY,
      SMTP_RATE: '0',
      SEND_CONCURRENCY: String(CONCURRENCY),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (/listening|http:\/\/127\.0\.0\.1/i.test(chunk.toString())) resolve(proc);
    });
  });
}

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url || !RELAY) {
    console.log('   skipped (set DATABASE_URL and DELIVERY_BENCH_SMTP_URL, a Postfix relay)');
    return;
  }
  const dbName = `mailboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  let server: ChildProcess | undefined;
  try {
    server = await startServer(target.toString());
    const api = `http://127.0.0.1:${PORT}/api/v1`;
    const signIn = await fetch(`${api}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DASHBOARD_HEADER]: '1' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = String(signIn.headers.get('set-cookie')).split(';')[0]!;
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${api}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie, [DASHBOARD_HEADER]: '1' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const list = (await call('POST', '/lists', {
      name: 'Bench',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })) as { id: number };
    // The audience, as an import would have left it (not timed).
    const db = new pg.Client({ connectionString: target.toString() });
    await db.connect();
    await db.query(
      `INSERT INTO subscribers (list_id, subscription, email, language)
       SELECT $1, 'active', 'user' || g || '@example.com', 'en' FROM generate_series(1, $2) g`,
      [list.id, RECIPIENTS],
    );
    await db.query('ANALYZE subscribers');

    const template = compileVariant(
      {
        fromName: 'Acme',
        fromEmail: 'news@acme.example',
        replytoEmail: '',
        subject: 'Spring news',
        layoutText: LAYOUT,
        layoutSource: LAYOUT,
      },
      `http://127.0.0.1:${PORT}`,
    );
    const sample = renderMessage(
      template,
      { who: '1', email: 'user1@example.com', subscriberId: 1, deliveryId: 1 },
      `http://127.0.0.1:${PORT}`,
      createSigner(randomBytes(32).toString('base64url')),
    );
    console.log(
      `   load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    const bare = await bareLoops(1, {
      url: RELAY,
      html: sample.html,
      text: sample.text,
      count: RECIPIENTS,
      concurrency: CONCURRENCY,
    });
    const drained = await drainPostfix();
    console.log(
      `   bare nodemailer loop: ${RECIPIENTS.toLocaleString('en')} messages, ${bare.toFixed(0)} messages/s; Postfix's queue drained ${drained.toFixed(1)} s later`,
    );

    const measure = async (label: string, mailingName: string) => {
      const started = performance.now();
      const since = () => (performance.now() - started) / 1000;
      const mailing = (await call('POST', '/mailings', {
        list: list.id,
        name: mailingName,
        variants: [
          {
            subject: 'Spring news',
            layout: { text: LAYOUT },
            deliveries: [{ scheduled_datetime: new Date().toISOString() }],
          },
        ],
      })) as { id: number };
      const [{ id: delivery }] = (await call(
        'GET',
        `/mailings/${mailing.id}/deliveries`,
      )) as unknown as [{ id: number }];
      let firstSeen = NaN;
      let sent = 0;
      for (;;) {
        const d = (await call('GET', `/deliveries/${delivery}`)) as {
          status: string;
          progress: { sent: number };
        };
        sent = d.progress.sent;
        if (Number.isNaN(firstSeen) && sent > 0) firstSeen = since();
        if (d.status === 'done') break;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      const seconds = since();
      const { rows } = await db.query<{ span: number; first: number; last: number }>(
        `SELECT extract(epoch FROM max(sent_datetime) - min(sent_datetime))::float AS span,
                extract(epoch FROM min(sent_datetime) - d.scheduled_datetime)::float AS first,
                extract(epoch FROM d.finished_datetime - max(sent_datetime))::float AS last
           FROM delivery_recipients r JOIN deliveries d ON d.id = r.delivery_id
          WHERE r.delivery_id = $1 GROUP BY d.id`,
        [delivery],
      );
      // Every recipient counts, the suppressed ones too: they were handled, not sent.
      const user = RECIPIENTS / seconds;
      const inside = RECIPIENTS / rows[0]!.span;
      console.log(
        `   ${label}: as a user sees it, done after ${seconds.toFixed(1)} s (${sent.toLocaleString('en')} sent; the first seen sent after ${firstSeen.toFixed(1)} s): ${user.toFixed(0)} recipients/s = ${(user / bare).toFixed(2)}× the bare loop`,
      );
      console.log(
        `     the send log's span, first to last message: ${rows[0]!.span.toFixed(1)} s: ${inside.toFixed(0)} recipients/s = ${(inside / bare).toFixed(2)}× (the first message ${rows[0]!.first.toFixed(2)} s after the delivery became due; done ${rows[0]!.last.toFixed(2)} s after the last); load ${loadavg()[0]!.toFixed(2)}`,
      );
      await drainPostfix();
      return user;
    };
    const without = await measure('empty suppression list', 'Bench mailing');
    if (SUPPRESSED > 0) {
      // 1 % of the recipients among them, so both outcomes of the check are exercised.
      const loadStarted = performance.now();
      await db.query(
        `INSERT INTO suppressions (email, reason, source)
         SELECT CASE WHEN i % 100 = 0 AND i / 100 <= $2::int / 100
                     THEN 'user' || (i / 100 * 100) || '@example.com'
                     ELSE 's' || i || '@suppressed.example' END, 'manual', 'bench'
           FROM generate_series(1, $1::int) i ON CONFLICT DO NOTHING`,
        [SUPPRESSED, RECIPIENTS],
      );
      await db.query('VACUUM ANALYZE suppressions');
      console.log(
        `   ${SUPPRESSED.toLocaleString('en')} suppressed addresses loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
      );
      const withList = await measure(
        `${SUPPRESSED.toLocaleString('en')} suppressed`,
        'Bench mailing, suppressions',
      );
      console.log(
        `   the suppression check's cost: ${((1 - withList / without) * 100).toFixed(1)} % of the engine's throughput as a user sees it (target ≤ 5 %)`,
      );
    }
    await db.end();
    console.log(
      `   load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
