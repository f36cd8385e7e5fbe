import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

const TOKEN = 'bounce-webhook-token-for-tests';
const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/postfix-dsn-hard.eml',
);
const FIXTURE_MESSAGE_ID = '<3f0c9d7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f@acme.example>';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: { bounceWebhookToken: TOKEN, softBounceLimit: 2, softBounceDays: 30 },
  });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const webhook = (payload: string, contentType: string, token: string | null = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bounces',
    headers: {
      'content-type': contentType,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload,
  });

/** A delivery sent (to the outbox) to gone@ and soft@; returns ids. */
async function sent() {
  const list = await createList(t);
  const ids: Record<string, number> = {};
  for (const email of ['gone@example.test', 'soft@example.test']) {
    ids[email] = (await t.post(`/api/v1/lists/${list}/subscribers`, { email })).json().id;
  }
  const mailing = (
    await t.post('/api/v1/mailings', {
      list,
      name: 'Bounced',
      variants: [
        {
          subject: 'Hello',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    })
  ).json().id as number;
  await sendRound(t.app.sending);
  await t.db.execute(sql`UPDATE delivery_recipients SET message_id = ${FIXTURE_MESSAGE_ID}
                          WHERE email = 'gone@example.test'`);
  const state = async (email: string) =>
    (await t.get(`/api/v1/lists/${list}/subscribers/${ids[email]}`)).json().subscription;
  return { list, mailing, state };
}

const bounces = async () => (await t.get('/api/v1/statistics/bounces')).json().results;

describe('POST /api/v1/bounces', () => {
  it('answers 401 to a wrong or missing token, recording nothing', async () => {
    await sent();
    const body = JSON.stringify({ email: 'gone@example.test', hard: true });
    for (const token of ['wrong', null]) {
      const res = await webhook(body, 'application/json', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or missing bounce webhook token.' });
    }
    // User credentials are not the webhook's token.
    const basic = await t.post('/api/v1/bounces', { email: 'gone@example.test', hard: true });
    expect(basic.statusCode).toBe(401);
    // A relay's webhook this installation did not configure: refused.
    const relay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bounces/sendgrid',
      payload: '[]',
    });
    expect(relay.statusCode).toBe(403);
    expect(await bounces()).toEqual([]);
  });

  it('answers 400 to malformed bodies', async () => {
    await sent();
    const cases: [string, string][] = [
      ['{"email": ', 'application/json'],
      ['{"email": "gone@example.test"}', 'application/json'],
      ['{"email": "not an address", "hard": true}', 'application/json'],
      ['[]', 'application/json'],
      ['gone@example.test bounced', 'text/plain'],
      ['Reporting-MTA: dns; x\r\n\r\nAction: failed', 'message/delivery-status'],
      ['--x\r\nContent-Type: text/plain\r\n\r\nhello\r\n--x--', 'multipart/report; boundary="x"'],
      ['\u0000\u0001garbage', 'message/rfc822'],
    ];
    for (const [payload, contentType] of cases) {
      const res = await webhook(payload, contentType);
      expect(res.statusCode, `${contentType}: ${payload}`).toBe(400);
    }
    const missingHard = await webhook('{"email": "gone@example.test"}', 'application/json');
    expect(missingHard.json()).toHaveProperty('hard');
    expect(await bounces()).toEqual([]);
  });

  it('records a JSON hard bounce and sets the subscriber bounced', async () => {
    const { mailing, state } = await sent();
    const res = await webhook(
      JSON.stringify({ email: 'GONE@example.test', mailing, hard: true, reason: '550 unknown' }),
      'application/json',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, recorded: 1 });
    expect(await bounces()).toMatchObject([{ mailing, email: 'gone@example.test', hard: true }]);
    expect(await state('gone@example.test')).toBe('bounced');
    // A hard bounce puts the address on the suppression list; soft ones do not.
    await webhook(JSON.stringify({ email: 'soft@example.test', hard: false }), 'application/json');
    const suppressed = await t.db.execute(sql`SELECT email, reason FROM suppressions`);
    expect((suppressed as unknown as { rows: unknown[] }).rows).toEqual([
      { email: 'gone@example.test', reason: 'hard_bounce' },
    ]);
  });

  it('sets the subscriber bounced after N soft bounces', async () => {
    const { state } = await sent();
    const soft = JSON.stringify({ email: 'soft@example.test', hard: false });
    await webhook(soft, 'application/json');
    expect(await state('soft@example.test')).toBe('active');
    await webhook(soft, 'application/json');
    expect(await state('soft@example.test')).toBe('bounced');
    expect((await bounces()).map((b: { hard: boolean }) => b.hard)).toEqual([false, false]);
  });

  it('acknowledges a report about an address it never mailed without recording it', async () => {
    await sent();
    const res = await webhook(
      JSON.stringify({ email: 'stranger@example.test', hard: true }),
      'application/json',
    );
    expect(res.json()).toEqual({ received: 1, recorded: 0 });
  });

  it('takes a real DSN as a whole bounce message and as its multipart/report body, once', async () => {
    const { mailing, state } = await sent();
    const eml = await readFile(fixture, 'utf8');
    const whole = await webhook(eml, 'message/rfc822');
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toEqual({ received: 1, recorded: 1 });
    expect(await state('gone@example.test')).toBe('bounced');
    // The same event again (a retried webhook): acknowledged, not counted.
    expect((await webhook(eml, 'message/rfc822')).json()).toEqual({ received: 1, recorded: 0 });

    const [headers, ...rest] = eml.split('\r\n\r\n');
    const contentType = /Content-Type: (multipart\/report;[^]*?)\r\n(?=\S)/.exec(
      `${headers}\r\n`,
    )![1]!;
    // Its multipart/report body names the same message: the same event.
    const report = await webhook(rest.join('\r\n\r\n'), contentType.replace(/\r\n\s+/g, ' '));
    expect(report.json()).toEqual({ received: 1, recorded: 0 });

    // The status part alone names no message: it falls back to the address, and counts.
    const part = /Content-Type: message\/delivery-status\r\n\r\n([^]*?)\r\n--/.exec(eml)![1]!;
    const statusOnly = await webhook(part, 'message/delivery-status');
    expect(statusOnly.json()).toEqual({ received: 1, recorded: 1 });
    expect(await bounces()).toMatchObject([
      { mailing, email: 'gone@example.test', hard: true },
      { mailing, email: 'gone@example.test', hard: true },
    ]);
  });

  it('counts a provider event sent twice once', async () => {
    const { mailing, state } = await sent();
    const event = JSON.stringify({ email: 'soft@example.test', hard: false, event_id: 'ev-1' });
    expect((await webhook(event, 'application/json')).json()).toEqual({ received: 1, recorded: 1 });
    expect((await webhook(event, 'application/json')).json()).toEqual({ received: 1, recorded: 0 });
    // With the soft-bounce limit at 2, a retried webhook must not bounce the subscriber.
    expect(await state('soft@example.test')).toBe('active');
    // Without an event id: the Message-ID, the type and the recipient make the event.
    const byMessage = JSON.stringify({
      email: 'gone@example.test',
      hard: true,
      message_id: FIXTURE_MESSAGE_ID,
    });
    expect((await webhook(byMessage, 'application/json')).json()).toMatchObject({ recorded: 1 });
    expect((await webhook(byMessage, 'application/json')).json()).toMatchObject({ recorded: 0 });
    expect(await bounces()).toMatchObject([
      { mailing, email: 'soft@example.test', hard: false },
      { mailing, email: 'gone@example.test', hard: true },
    ]);
  });

  it('falls back to the address when the Message-ID matches nothing', async () => {
    const { mailing, state } = await sent();
    const res = await webhook(
      JSON.stringify({ email: 'gone@example.test', hard: true, message_id: '<unknown@elsewhere>' }),
      'application/json',
    );
    expect(res.json()).toEqual({ received: 1, recorded: 1 });
    expect(await bounces()).toMatchObject([{ mailing, email: 'gone@example.test' }]);
    expect(await state('gone@example.test')).toBe('bounced');
  });

  it('takes a delayed DSN for what it is: no bounce', async () => {
    const { state } = await sent();
    const eml = (await readFile(fixture, 'utf8'))
      .replace('Action: failed', 'Action: delayed')
      .replace('Status: 5.1.1', 'Status: 4.4.1');
    const res = await webhook(eml, 'message/rfc822');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 0, recorded: 0 });
    expect(await bounces()).toEqual([]);
    expect(await state('gone@example.test')).toBe('active');
  });

  it('refuses a wrong token before reading a large body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // ~1 MB announced (within the body limit, so no early 413), 64 KiB sent: the 401 comes
    // while the rest was never sent; a server that read the body first would still wait.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/bounces',
          headers: {
            authorization: 'Bearer wrong',
            'content-type': 'application/json',
            'content-length': String(1_000_000),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024, 'x'));
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Invalid or missing bounce webhook token.' });
  });
});
