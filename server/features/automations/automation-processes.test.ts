import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { replicaEnv, startServer, waitFor, type RunningServer } from '../../test/processes.js';
import { startSmtpSink } from '../../test/smtp-sink.js';

/**
 * Two real replicas on one PostgreSQL (PGlite has one process per data directory, so this
 * runs with TEST_DATABASE_URL only): runs are due on both when one is SIGKILLed.
 */
const sink = await startSmtpSink(undefined, 15);
afterAll(() => sink.close());

const N = 120;
const emails = Array.from({ length: N }, (_, i) => `w${i}@example.test`);
const received = (email: string) => sink.messages.filter((m) => m.to === email).length;

async function post<T>(server: RunningServer, url: string, body: unknown) {
  const res = await server.request('POST', url, body);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

describe('automations across replicas', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a SIGKILL of one of two replicas loses no step and repeats none beyond in-flight mail',
    async () => {
      const database = await openTestDatabase();
      const env = (name: string) =>
        replicaEnv(database.url!, {
          SMTP_URL: `${sink.url}?name=${name}`,
          SMTP_RATE: '0',
          SEND_CONCURRENCY: '2',
          SEND_LEASE_SECONDS: '4',
          PUBLIC_URL: 'http://mail.example.test',
        });
      const a = await startServer(env('replica-a'));
      const b = await startServer(env('replica-b'));
      try {
        const list = await post<{ id: number }>(a, '/api/v1/lists', {
          name: 'Everyone',
          default_from_name: 'Acme',
          default_from_email: 'news@acme.example',
        });
        const mailing = await post<{ id: number }>(a, '/api/v1/mailings', {
          list: list.id,
          name: 'Welcome',
          variants: [{ subject: 'Welcome', layout: { text: 'Hello https://example.org' } }],
        });
        const automation = await post<{ id: number }>(a, `/api/v1/lists/${list.id}/automations`, {
          name: 'Welcome',
          trigger: { type: 'subscribed' },
          steps: [{ type: 'send', mailing: mailing.id }],
        });
        const base = `/api/v1/lists/${list.id}/automations/${automation.id}`;
        await post(a, `${base}/activate`, {});
        for (let i = 0; i < N; i += 20)
          await Promise.all(
            emails
              .slice(i, i + 20)
              .map((email) => post(b, `/api/v1/lists/${list.id}/subscribers`, { email })),
          );
        await waitFor('both replicas sending', async () =>
          sink.messages.some((m) => m.client === 'replica-a') &&
          sink.messages.some((m) => m.client === 'replica-b') &&
          sink.messages.length >= 20
            ? true
            : undefined,
        );
        a.child.kill('SIGKILL');
        await a.exited;
        type Stats = { runs: Record<string, number>; steps: { stats: Record<string, number> }[] };
        const done = await waitFor('every welcome', async () => {
          const s = await b.json<Stats>(base);
          return s.steps[0]!.stats.sent === N ? s : undefined;
        });
        expect(done.runs).toEqual({ active: 0, finished: N, exited: 0 });
        expect(done.steps[0]!.stats.entered).toBe(N);
        for (const email of emails) expect(received(email), email).toBeGreaterThanOrEqual(1);
        // SEND_CONCURRENCY=2: at most the killed replica's in-flight messages come twice.
        expect(emails.filter((e) => received(e) > 1).length).toBeLessThanOrEqual(2);
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
