import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { processEnv, startServer } from '../../test/processes.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';

/** Real server processes sending to a real receiver; the first one is killed mid-send. */
let killed = false;
// Requests hang (no answer) until the sender is killed; then every one is answered 200.
const receiver = await startWebhookReceiver(() => (killed ? 200 : null));
const dir = await mkdtemp(path.join(os.tmpdir(), 'mailboard-hooks-'));
afterAll(async () => {
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(what: string, done: () => boolean, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('a SIGKILL of the sending process loses no event', async () => {
  const env = processEnv(path.join(dir, 'data'), {
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_SECONDS: '0.2',
    WEBHOOK_LEASE_SECONDS: '1',
  });
  const first = await startServer(env);
  const hook = (await (
    await first.request('POST', '/api/v1/webhooks', {
      url: receiver.url,
      events: ['subscriber.created'],
    })
  ).json()) as { secret: string };
  const list = (await (
    await first.request('POST', '/api/v1/lists', {
      name: 'Everyone',
      default_from_name: 'Acme',
      default_from_email: 'news@acme.example',
    })
  ).json()) as { id: number };
  const emails = Array.from({ length: 20 }, (_, i) => `r${i}@example.test`);
  for (const email of emails)
    expect(
      (await first.request('POST', `/api/v1/lists/${list.id}/subscribers`, { email })).status,
    ).toBe(201);

  await waitFor('a request in flight', () => receiver.received.length > 0);
  first.child.kill('SIGKILL');
  await first.exited;
  killed = true;

  const second = await startServer(env);
  try {
    const verifier = new Webhook(hook.secret);
    const delivered = () =>
      new Set(
        receiver.received
          .filter((r) => r.status === 200)
          .map(
            (r) => (verifier.verify(r.body, r.headers) as { data: { email: string } }).data.email,
          ),
      );
    await waitFor('every event delivered', () => delivered().size === emails.length);
    expect([...delivered()].sort()).toEqual([...emails].sort());
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}, 120_000);
