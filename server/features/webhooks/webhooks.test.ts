import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withActor } from '../../lib/actor.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import { defaultWebhookOptions } from './options.js';
import { claimMessages, recordAttempts } from './queue.js';
import { sendWebhooks } from './worker.js';

let t: TestContext;
// Retries are due at once, so a test drives the queue round by round without waiting.
const options = { allowPrivate: true, retryBaseMs: 0, timeoutMs: 2_000 };

beforeAll(async () => {
  t = await createTestContext({ webhooks: options });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE webhook_endpoints, webhook_events RESTART IDENTITY CASCADE`);
});

type Payload = { type: string; id: string; timestamp: string; data: Record<string, unknown> };

async function createList() {
  const res = await t.post('/api/v1/lists', {
    name: 'News',
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

async function createHook(url: string, events: string[]) {
  const res = await t.post('/api/v1/webhooks', { url, events, description: 'CRM' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; secret: string }>();
}

/** Rounds until the queue is empty (retries are due at once), at most `max`. */
async function drain(max = 20) {
  for (let i = 0; i < max; i++) if ((await t.app.sendWebhooks()) === 0) return;
}

describe('webhook endpoints API', () => {
  it('creates with a whsec_ secret shown once, validates, edits and deletes', async () => {
    const bad = await t.post('/api/v1/webhooks', { url: 'ftp://x', events: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['url', 'events']));

    const hook = await createHook('https://crm.example/hooks', ['subscriber.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const shown = await t.get(`/api/v1/webhooks/${hook.id}`);
    expect(shown.json()).toMatchObject({ url: 'https://crm.example/hooks', enabled: true });
    expect(shown.json()).not.toHaveProperty('secret');
    expect((await t.get('/api/v1/webhooks')).json().results[0]).not.toHaveProperty('secret');

    const patched = await t.patch(`/api/v1/webhooks/${hook.id}`, { enabled: false });
    expect(patched.json()).toMatchObject({ enabled: false, events: ['subscriber.created'] });
    expect((await t.delete(`/api/v1/webhooks/${hook.id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/webhooks/${hook.id}`)).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('signs as Standard Webhooks and retries 500s until a 2xx, in order per subscriber', async () => {
    // 500 three times, then 200 for everything.
    const receiver = await startWebhookReceiver((i) => (i < 3 ? 500 : 200));
    try {
      const hook = await createHook(receiver.url, [
        'subscriber.created',
        'subscriber.unsubscribed',
      ]);
      const list = await createList();
      const created = await t.post(`/api/v1/lists/${list}/subscribers`, {
        email: 'ada@example.org',
      });
      const id = created.json<{ id: number }>().id;
      await t.post(`/api/v1/lists/${list}/subscribers/${id}/unsubscribe`);
      await drain();

      const verifier = new Webhook(hook.secret);
      const payloads = receiver.received.map((r) => verifier.verify(r.body, r.headers) as Payload);
      // The creation was tried 4 times (3 × 500, then 200); the unsubscription waited for it.
      expect(payloads.map((p) => p.type)).toEqual([
        'subscriber.created',
        'subscriber.created',
        'subscriber.created',
        'subscriber.created',
        'subscriber.unsubscribed',
      ]);
      expect(new Set(payloads.slice(0, 4).map((p) => p.id)).size).toBe(1);
      // The resource as the API shows it (plus its list).
      const now = (await t.get(`/api/v1/lists/${list}/subscribers/${id}`)).json<object>();
      expect(payloads[4]!.data).toEqual({ ...now, list });
      expect(payloads[0]!.data).toMatchObject({ id, subscription: 'active' });
      expect(receiver.received[0]!.headers['webhook-id']).toBe(payloads[0]!.id);

      const attempts = await t.get(`/api/v1/webhooks/${hook.id}/attempts`);
      expect(attempts.json().count).toBe(5);
      expect(attempts.json().results.map((a: { status_code: number }) => a.status_code)).toEqual([
        200, 200, 500, 500, 500,
      ]);
      expect(attempts.json().results[4]).toMatchObject({
        type: 'subscriber.created',
        response: 'try again',
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a receiver on 127.0.0.1 without WEBHOOK_ALLOW_PRIVATE', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await createHook(receiver.url, ['subscriber.created']);
      const list = await createList();
      await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'bob@example.org' });
      await sendWebhooks(t.db, { ...defaultWebhookOptions, retryBaseMs: 0 });
      expect(receiver.received).toEqual([]);
      const [attempt] = (await t.get(`/api/v1/webhooks/${hook.id}/attempts`)).json().results;
      expect(attempt).toMatchObject({ status_code: null });
      expect(attempt.error).toMatch(/private or loopback/);
    } finally {
      await receiver.close();
    }
  });

  it('signs with the old secret as well for 24 h after a rotation', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await createHook(receiver.url, ['subscriber.created']);
      const rotated = await t.post(`/api/v1/webhooks/${hook.id}/rotate-secret`);
      expect(rotated.statusCode).toBe(200);
      const { secret } = rotated.json<{ secret: string }>();
      expect(secret).not.toBe(hook.secret);
      expect((await t.post(`/api/v1/webhooks/${hook.id}/test`)).statusCode).toBe(202);
      await drain();
      const [got] = receiver.received;
      expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      for (const key of [secret, hook.secret])
        expect(new Webhook(key).verify(got!.body, got!.headers)).toMatchObject({
          type: 'webhook.test',
        });
    } finally {
      await receiver.close();
    }
  });

  it('replays an attempt with the same event id', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await createHook(receiver.url, ['subscriber.created']);
      await t.post(`/api/v1/webhooks/${hook.id}/test`);
      await drain();
      const [attempt] = (await t.get(`/api/v1/webhooks/${hook.id}/attempts`)).json().results;
      const replay = await t.post(`/api/v1/webhooks/${hook.id}/attempts/${attempt.id}/replay`);
      expect(replay.statusCode).toBe(202);
      expect((await t.post(`/api/v1/webhooks/${hook.id}/attempts/999/replay`)).statusCode).toBe(
        404,
      );
      await drain();
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
        attempt.event_id,
        attempt.event_id,
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint that has failed for 24 hours, with a notice', async () => {
    const receiver = await startWebhookReceiver(() => 503);
    try {
      const hook = await createHook(receiver.url, ['subscriber.created']);
      await t.post(`/api/v1/webhooks/${hook.id}/test`);
      await t.db.execute(
        sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours'`,
      );
      await t.app.sendWebhooks();
      const shown = (await t.get(`/api/v1/webhooks/${hook.id}`)).json();
      expect(shown.enabled).toBe(false);
      expect(shown.disabled_reason).toMatch(/every attempt failed since/);
      const enabled = await t.patch(`/api/v1/webhooks/${hook.id}`, { enabled: true });
      expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: '' });
    } finally {
      await receiver.close();
    }
  });

  it("writes a round's results together, each endpoint's own; a taken-over message is left to its new owner", async () => {
    // Nothing is sent: the round's answers are given (A answered 200, B 500).
    const a = await createHook('https://a.example/h', ['subscriber.created']);
    const b = await createHook('https://b.example/h', ['subscriber.created']);
    const list = await createList();
    for (const email of ['ada@example.org', 'bob@example.org', 'cy@example.org'])
      await t.post(`/api/v1/lists/${list}/subscribers`, { email });
    // Another process takes over one of A's messages before this round writes its results.
    const claimed = await claimMessages(t.db, 16, 30_000);
    expect(claimed).toHaveLength(6);
    const takenOver = claimed.find((m) => m.endpointId === a.id)!;
    await t.db.execute(sql`
        UPDATE webhook_messages SET locked_until = locked_until + interval '1 second'
         WHERE id = ${takenOver.id}`);
    const results = claimed.map((message) => {
      const delivered = message.endpointId === a.id;
      return {
        message,
        statusCode: delivered ? 200 : 500,
        response: '',
        error: '',
        durationMs: 1,
        delivered,
        retryInMs: delivered ? null : 0,
      };
    });
    await recordAttempts(t.db, results, defaultWebhookOptions.retryWindowMs);

    const attempts = async (id: number) =>
      (await t.get(`/api/v1/webhooks/${id}/attempts`)).json<{
        results: { status_code: number }[];
      }>().results;
    expect((await attempts(a.id)).map((r) => r.status_code)).toEqual([200, 200]);
    expect((await attempts(b.id)).map((r) => r.status_code)).toEqual([500, 500, 500]);
    const states = (
      (await t.db.execute(sql`
          SELECT endpoint_id, state, count(*)::int AS n FROM webhook_messages
           GROUP BY 1, 2 ORDER BY 1, 2`)) as unknown as { rows: unknown[] }
    ).rows;
    expect(states).toEqual([
      { endpoint_id: a.id, state: 'delivered', n: 2 },
      { endpoint_id: a.id, state: 'pending', n: 1 },
      { endpoint_id: b.id, state: 'pending', n: 3 },
    ]);
    // B's failures start its 24 h; A stays healthy.
    const since = (
      (await t.db.execute(
        sql`SELECT id, failing_since IS NOT NULL AS failing FROM webhook_endpoints ORDER BY id`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(since).toEqual([
      { id: a.id, failing: false },
      { id: b.id, failing: true },
    ]);
  });
});

describe('events', () => {
  const events = async () =>
    (
      (await t.db.execute(
        sql`SELECT type, resource FROM webhook_events ORDER BY id`,
      )) as unknown as {
        rows: unknown[];
      }
    ).rows;

  it('writes nothing while no enabled endpoint wants the type', async () => {
    const list = await createList();
    await createHook('https://crm.example/h', ['import.finished']);
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'x@example.org' });
    expect(await events()).toEqual([]);
  });

  it('an import emits one import.finished, not a subscriber.created per row', async () => {
    const list = await createList();
    await createHook('https://crm.example/h', ['subscriber.created', 'import.finished']);
    await t.db.transaction(async (tx) => {
      await withActor(tx, { userId: t.admin.id, via: 'import', importId: 1, file: 'a.csv' });
      await tx.execute(sql`
        INSERT INTO subscribers (list_id, subscription, email)
        SELECT ${list}, 'active', 'row' || i || '@example.org' FROM generate_series(1, 50) i`);
    });
    expect(await events()).toEqual([]);
    await t.db.execute(sql`
      INSERT INTO imports (list_id, file, encoding, delimiter, has_header, ignore_invalid_fields,
                           date_format, fields, status, total_rows, created)
      VALUES (${list}, 'a.csv', 'utf-8', ',', true, false, '%Y-%m-%d', ARRAY['email'], 'running', 50, 0)`);
    await t.db.execute(sql`UPDATE imports SET status = 'done', created = 50`);
    expect(await events()).toEqual([{ type: 'import.finished', resource: 'import:1' }]);
    const [data] = (
      (await t.db.execute(sql`SELECT data FROM webhook_events`)) as unknown as {
        rows: { data: object }[];
      }
    ).rows;
    expect(data!.data).toMatchObject({ id: 1, list, status: 'done', created: 50, file: 'a.csv' });
  });
});
