import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import {
  processEnv,
  replicaEnv,
  startServer,
  waitFor,
  type RunningServer,
} from '../../../test/processes.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';

/** Real server processes sending to a real (slow) SMTP sink. */
const sink = await startSmtpSink(undefined, 15);
const dirs: string[] = [];
afterAll(async () => {
  await sink.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mailboard-send-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

const sending = (name: string) => ({
  SMTP_URL: `${sink.url}?name=${name}`,
  SMTP_RATE: '0',
  SEND_CONCURRENCY: '2',
  SEND_LEASE_SECONDS: '4',
  PUBLIC_URL: 'http://mail.example.test',
});

const emails = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.test`);

/** A list of `n` subscribers and a mailing due now; returns the delivery id. */
async function scheduleDelivery(server: RunningServer, n: number) {
  const list = (await (
    await server.request('POST', '/api/v1/lists', {
      name: 'Everyone',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json()) as { id: number };
  const all = emails(n);
  for (let i = 0; i < all.length; i += 20) {
    await Promise.all(
      all.slice(i, i + 20).map(async (email) => {
        const res = await server.request('POST', `/api/v1/lists/${list.id}/subscribers`, { email });
        expect(res.status).toBe(201);
      }),
    );
  }
  const mailing = (await (
    await server.request('POST', '/api/v1/mailings', {
      list: list.id,
      name: 'Crash test',
      variants: [
        {
          subject: 'Hello',
          layout: { text: 'Hello https://example.org' },
          deliveries: [{ scheduled_datetime: new Date().toISOString() }],
        },
      ],
    })
  ).json()) as { id: number };
  const [delivery] = await server.json<{ id: number }[]>(
    `/api/v1/mailings/${mailing.id}/deliveries`,
  );
  return delivery!.id;
}

type Delivery = { status: string; progress: Record<string, number> };
type LogEntry = { email: string; state: string; duplicate: boolean };

async function sendLog(server: RunningServer, delivery: number) {
  const entries: LogEntry[] = [];
  for (let page = 1; ; page++) {
    const body = await server.json<{ next: string | null; results: LogEntry[] }>(
      `/api/v1/deliveries/${delivery}/recipients?page_size=1000&page=${page}`,
    );
    entries.push(...body.results);
    if (!body.next) return entries;
  }
}

const received = (email: string) => sink.messages.filter((m) => m.to === email).length;

describe('delivery across crashes and replicas', () => {
  // Real processes on a DATA_DIR are on PGlite whatever database the runner was given: under
  // `npm run test:pg` this would only repeat the first run; the test below is PostgreSQL's.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'loses nobody to a SIGKILL mid-delivery; a repeat only where the log says so',
    async () => {
      sink.messages.length = 0;
      const dataDir = await tempDataDir();
      const first = await startServer(processEnv(dataDir, sending('first')));
      let second: RunningServer | undefined;
      try {
        const delivery = await scheduleDelivery(first, 150);
        await waitFor('the first messages', async () =>
          sink.messages.length >= 30 ? true : undefined,
        );
        first.child.kill('SIGKILL');
        await first.exited;
        const before = sink.messages.length;
        expect(before).toBeLessThan(150);

        second = await startServer(processEnv(dataDir, sending('second')));
        const done = await waitFor('the delivery to finish', async () => {
          const d = await second!.json<Delivery>(`/api/v1/deliveries/${delivery}`);
          return d.status === 'done' ? d : undefined;
        });
        expect(done.progress).toMatchObject({ total: 150, sent: 150, queued: 0, failed: 0 });
        for (const email of emails(150)) expect(received(email), email).toBeGreaterThanOrEqual(1);
        const log = await sendLog(second, delivery);
        const repeated = emails(150).filter((e) => received(e) > 1);
        expect(repeated.length).toBeLessThanOrEqual(2); // SEND_CONCURRENCY: in flight when killed
        const flagged = new Set(log.filter((e) => e.duplicate).map((e) => e.email));
        for (const email of repeated) expect(flagged.has(email), email).toBe(true);
        expect(sink.messages.some((m) => m.client === 'second')).toBe(true);
      } finally {
        first.child.kill('SIGKILL');
        second?.child.kill('SIGTERM');
        await second?.exited;
      }
    },
    180_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two replicas on one PostgreSQL share a delivery; a SIGKILL of one repeats at most its in-flight messages',
    async () => {
      sink.messages.length = 0;
      // A database of this test's own, migrated by the test and dropped when it ends.
      const database = await openTestDatabase();
      const env = (name: string) => replicaEnv(database.url!, sending(name));
      const a = await startServer(env('replica-a'));
      const b = await startServer(env('replica-b'));
      try {
        const delivery = await scheduleDelivery(a, 300);
        await waitFor('both replicas sending', async () =>
          sink.messages.some((m) => m.client === 'replica-a') &&
          sink.messages.some((m) => m.client === 'replica-b') &&
          sink.messages.length >= 60
            ? true
            : undefined,
        );
        a.child.kill('SIGKILL');
        await a.exited;
        const done = await waitFor('the delivery to finish', async () => {
          const d = await b.json<Delivery>(`/api/v1/deliveries/${delivery}`);
          return d.status === 'done' ? d : undefined;
        });
        expect(done.progress).toMatchObject({ total: 300, sent: 300, queued: 0 });
        for (const email of emails(300)) expect(received(email), email).toBeGreaterThanOrEqual(1);
        // SEND_CONCURRENCY=2: the killed replica had at most 2 messages the relay may have
        // taken without their result being recorded.
        const repeated = emails(300).filter((e) => received(e) > 1);
        expect(repeated.length).toBeLessThanOrEqual(2);
        const flagged = new Set(
          (await sendLog(b, delivery)).filter((e) => e.duplicate).map((e) => e.email),
        );
        for (const email of repeated) expect(flagged.has(email), email).toBe(true);
      } finally {
        a.child.kill('SIGKILL');
        b.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
        await database.close();
      }
    },
    180_000,
  );
});
