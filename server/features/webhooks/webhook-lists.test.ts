import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../../contract/permissions.js';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * Issue 49, finding 5: `webhooks:manage` held by a user limited to list A must not receive,
 * nor read in `/attempts`, the events of other lists.
 */
let t: TestContext;
const PASSWORD = 'a long enough password';
const LIMITED = 'Your access is limited to some lists: choose the lists this endpoint receives.';
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
let a: number;
let b: number;
let integrator: string;
let users = 0;

beforeAll(async () => {
  t = await createTestContext({ webhooks: { allowPrivate: true, retryBaseMs: 0 } });
  // A role that may manage webhooks and little else.
  const role = await t.post('/api/v1/roles', {
    name: 'integrator',
    permissions: [...BUILT_IN_ROLES.marketer!, 'webhooks:manage'],
  });
  expect(role.statusCode, role.body).toBe(201);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE webhook_endpoints, webhook_events RESTART IDENTITY CASCADE`);
  a = await createList('A');
  b = await createList('B');
  // Users outlive `t.reset()`: a new one per test.
  const username = `integrator-${++users}@example.com`;
  const user = await t.post('/api/v1/users', {
    username,
    password: PASSWORD,
    role: 'integrator',
    lists: [{ list: a, access: 'manage' }],
  });
  expect(user.statusCode, user.body).toBe(201);
  integrator = basic(username, PASSWORD);
});

async function createList(name: string) {
  const res = await t.post('/api/v1/lists', {
    name,
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

/** A request as the user limited to list A. */
const asIntegrator = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
  t.request({ method, url, headers: { authorization: integrator }, payload: body });

async function drain() {
  for (let i = 0; i < 20; i++) if ((await t.app.sendWebhooks()) === 0) return;
}

type Payload = { type: string; data: { list?: number; mailing?: number; email?: string } };

describe('an endpoint of a list-limited user', () => {
  it('receives only its lists’ events; other endpoints do not exist for its owner', async () => {
    const everything = await startWebhookReceiver();
    const onlyA = await startWebhookReceiver();
    try {
      const events = ['subscriber.created'];
      const admins = await t.post('/api/v1/webhooks', { url: everything.url, events });
      expect(admins.statusCode).toBe(201);
      expect(admins.json()).toMatchObject({ lists: null });
      const own = await asIntegrator('POST', '/api/v1/webhooks', {
        url: onlyA.url,
        events,
        lists: [a],
      });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json()).toMatchObject({ lists: [a] });
      const adminId = admins.json<{ id: number }>().id;
      const ownId = own.json<{ id: number; secret: string }>().id;

      for (const [list, email] of [
        [a, 'ada@example.org'],
        [b, 'bob@example.org'],
      ] as const)
        expect((await t.post(`/api/v1/lists/${list}/subscribers`, { email })).statusCode).toBe(201);
      await drain();

      const verifier = new Webhook(own.json<{ secret: string }>().secret);
      const got = onlyA.received.map((r) => verifier.verify(r.body, r.headers) as Payload);
      expect(got.map((p) => [p.data.email, p.data.list])).toEqual([['ada@example.org', a]]);
      expect(everything.received).toHaveLength(2);

      const listed = await asIntegrator('GET', '/api/v1/webhooks');
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ count: 1, results: [{ id: ownId, lists: [a] }] });
      const attempts = await asIntegrator('GET', `/api/v1/webhooks/${ownId}/attempts`);
      expect(attempts.json()).toMatchObject({
        count: 1,
        results: [{ type: 'subscriber.created' }],
      });

      // The admin's endpoint (every list) is nowhere for it, whatever the route.
      const adminAttempt = (await t.get(`/api/v1/webhooks/${adminId}/attempts`)).json<{
        results: { id: number }[];
      }>().results[0]!.id;
      const base = `/api/v1/webhooks/${adminId}`;
      for (const [method, url, body] of [
        ['GET', `${base}/attempts`],
        ['GET', base],
        ['PATCH', base, { description: 'mine now', lists: [a] }],
        ['POST', `${base}/rotate-secret`],
        ['POST', `${base}/test`],
        ['POST', `${base}/attempts/${adminAttempt}/replay`],
        ['DELETE', base],
      ] as const) {
        const res = await asIntegrator(method, url, body);
        expect([method, url, res.statusCode, res.json()]).toEqual([
          method,
          url,
          404,
          { detail: 'Not found.' },
        ]);
      }
      expect((await t.get(base)).json()).toMatchObject({ description: '', lists: null });
    } finally {
      await everything.close();
      await onlyA.close();
    }
  });

  it('must name lists, all of its own; an admin may choose every list or any that exists', async () => {
    const hook = { url: 'https://crm.example/h', events: ['subscriber.created'] };
    for (const body of [hook, { ...hook, lists: null }]) {
      const res = await asIntegrator('POST', '/api/v1/webhooks', body);
      expect([res.statusCode, res.json()]).toEqual([400, { lists: [LIMITED] }]);
    }
    const other = await asIntegrator('POST', '/api/v1/webhooks', { ...hook, lists: [a, b] });
    expect([other.statusCode, other.json()]).toEqual([400, { lists: [invalidPk(b)] }]);
    const empty = await asIntegrator('POST', '/api/v1/webhooks', { ...hook, lists: [] });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { lists: ['Choose at least one list.'] },
    ]);

    const own = await asIntegrator('POST', '/api/v1/webhooks', { ...hook, lists: [a, a] });
    expect(own.json()).toMatchObject({ lists: [a] });
    const url = `/api/v1/webhooks/${own.json<{ id: number }>().id}`;
    const widened = await asIntegrator('PATCH', url, { lists: null });
    expect([widened.statusCode, widened.json()]).toEqual([400, { lists: [LIMITED] }]);
    const moved = await asIntegrator('PATCH', url, { lists: [b] });
    expect([moved.statusCode, moved.json()]).toEqual([400, { lists: [invalidPk(b)] }]);
    const renamed = await asIntegrator('PATCH', url, { description: 'CRM' });
    expect(renamed.json()).toMatchObject({ description: 'CRM', lists: [a] });

    const unknown = await t.post('/api/v1/webhooks', { ...hook, lists: [b, 999] });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { lists: [invalidPk(999)] }]);
    const admins = await t.patch(url, { lists: null });
    expect(admins.json()).toMatchObject({ lists: null });
    // Now of every list: no longer the limited user's.
    expect((await asIntegrator('GET', url)).statusCode).toBe(404);
  });
});

describe('an endpoint narrowed to some lists', () => {
  it('shows its owner only its lists’ attempts and replays no other list’s event', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await t.post('/api/v1/webhooks', {
        url: receiver.url,
        events: ['subscriber.created'],
      });
      const id = hook.json<{ id: number }>().id;
      await t.post(`/api/v1/lists/${a}/subscribers`, { email: 'ada@example.org' });
      await t.post(`/api/v1/lists/${b}/subscribers`, { email: 'bob@example.org' });
      await drain();
      expect((await t.patch(`/api/v1/webhooks/${id}`, { lists: [a] })).statusCode).toBe(200);

      type Attempts = { count: number; results: { id: number; payload: Payload }[] };
      const all = (await t.get(`/api/v1/webhooks/${id}/attempts`)).json<Attempts>();
      expect(all.count).toBe(2);
      const [ofB, ofA] = all.results;
      expect([ofA!.payload.data.list, ofB!.payload.data.list]).toEqual([a, b]);
      const own = await asIntegrator('GET', `/api/v1/webhooks/${id}/attempts`);
      expect(own.json<Attempts>()).toMatchObject({ count: 1, results: [{ id: ofA!.id }] });

      const replay = (attempt: number) => `/api/v1/webhooks/${id}/attempts/${attempt}/replay`;
      expect((await asIntegrator('POST', replay(ofB!.id))).statusCode).toBe(404);
      // Not even the admin: the endpoint no longer receives list B.
      expect((await t.post(replay(ofB!.id))).statusCode).toBe(404);
      expect((await asIntegrator('POST', replay(ofA!.id))).statusCode).toBe(202);
      await drain();
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });
});

describe('lists of events', () => {
  it('every kind of event is of its list; a narrowed endpoint drops what it no longer receives', async () => {
    const hook = await t.post('/api/v1/webhooks', {
      url: 'https://crm.example/h',
      events: ['subscriber.created', 'import.finished', 'delivery.started', 'message.opened'],
    });
    const id = hook.json<{ id: number }>().id;
    const mailing = await t.post('/api/v1/mailings', {
      list: b,
      name: 'Welcome',
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }],
        },
      ],
    });
    expect(mailing.statusCode, mailing.body).toBe(201);
    const mailingId = mailing.json<{ id: number }>().id;
    await t.post(`/api/v1/lists/${a}/subscribers`, { email: 'ada@example.org' });
    await t.db.execute(sql`
      INSERT INTO imports (list_id, file, encoding, delimiter, has_header, ignore_invalid_fields,
                           date_format, fields, status, total_rows, created)
      VALUES (${b}, 'b.csv', 'utf-8', ',', true, false, '%Y-%m-%d', ARRAY['email'], 'running', 0, 0)`);
    await t.db.execute(sql`UPDATE imports SET status = 'done'`);
    await t.db.execute(sql`UPDATE deliveries SET started_datetime = now()`);
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, email, datetime)
      SELECT id, ${mailingId}, 'bob@example.org', now() FROM deliveries`);

    const rows = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rows(sql`SELECT type, list_id FROM webhook_events ORDER BY id`)).toEqual([
      { type: 'subscriber.created', list_id: a },
      { type: 'import.finished', list_id: b },
      { type: 'delivery.started', list_id: b },
      { type: 'message.opened', list_id: b },
    ]);
    const queued = sql`SELECT count(*)::int AS n FROM webhook_messages WHERE state = 'pending'`;
    expect(await rows(queued)).toEqual([{ n: 4 }]);

    // Narrowed to A: B's queued events are not sent, and it is now the limited user's.
    expect((await t.patch(`/api/v1/webhooks/${id}`, { lists: [a] })).statusCode).toBe(200);
    expect(await rows(queued)).toEqual([{ n: 1 }]);
    const listed = await asIntegrator('GET', '/api/v1/webhooks');
    expect(listed.json()).toMatchObject({ count: 1, results: [{ id, lists: [a] }] });
    await t.post(`/api/v1/lists/${b}/subscribers`, { email: 'bob@example.org' });
    expect(await rows(queued)).toEqual([{ n: 1 }]);
    // A test event is about no list: it still reaches the endpoint it is for.
    expect((await asIntegrator('POST', `/api/v1/webhooks/${id}/test`)).statusCode).toBe(202);
    expect(await rows(queued)).toEqual([{ n: 2 }]);

    // A deleted list leaves the endpoints that named it.
    await t.patch(`/api/v1/webhooks/${id}`, { lists: [a, b] });
    expect((await t.delete(`/api/v1/lists/${b}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/webhooks/${id}`)).json()).toMatchObject({ lists: [a] });
  });
});
