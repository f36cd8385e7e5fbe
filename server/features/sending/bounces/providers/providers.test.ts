import { createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../../../test/harness.js';
import { createList } from '../../../../test/lists.js';
import { sendRound } from '../../engine/sender.js';
import { CERT_URL, signedSnsMessage, TOPIC } from './sns-test-message.js';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test/fixtures',
);
const fixture = (name: string) => readFile(path.join(fixtures, name), 'utf8');
const MESSAGE_ID = '<3f0c9d7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f@acme.example>';
const MAILGUN_KEY = 'mailgun-signing-key-for-tests';
const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

let t: TestContext;
let snsKey: string;
const visited: string[] = [];
beforeAll(async () => {
  snsKey = await fixture('sns-test-key.pem');
  const cert = await fixture('sns-test-cert.pem');
  t = await createTestContext({
    sending: {
      providers: {
        ses: {
          topicArns: [TOPIC],
          // The configured trust: our own certificate, wherever on an SNS host it is asked for.
          fetchText: async (url) => {
            visited.push(url);
            return url.endsWith('.pem') ? cert : '<ConfirmSubscriptionResponse/>';
          },
        },
        sendgrid: {
          publicKey: sendgridKeys.publicKey
            .export({ type: 'spki', format: 'der' })
            .toString('base64'),
        },
        mailgun: { signingKey: MAILGUN_KEY },
        postmark: { username: 'postmark', password: 'postmark password' },
      },
    },
  });
});
beforeEach(async () => {
  visited.length = 0;
  await t.reset();
});
afterAll(() => t.close());

const post = (provider: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/bounces/${provider}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** A mailing sent (to the outbox) to gone@ and soft@; gone@'s message has MESSAGE_ID. */
async function sent() {
  const list = await createList(t);
  const ids: Record<string, number> = {};
  for (const email of ['gone@example.test', 'soft@example.test'])
    ids[email] = (await t.post(`/api/v1/lists/${list}/subscribers`, { email })).json().id;
  await t.post('/api/v1/mailings', {
    list,
    name: 'Relayed',
    variants: [
      {
        subject: 'Hello',
        layout: { text: 'Hi' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  await sendRound(t.app.sending);
  await t.db.execute(sql`UPDATE delivery_recipients SET message_id = ${MESSAGE_ID}
                          WHERE email = 'gone@example.test'`);
  const state = async (email: string) =>
    (await t.get(`/api/v1/lists/${list}/subscribers/${ids[email]}`)).json().subscription;
  return { state };
}

/** What was recorded: bounces (hard or soft) and complaints, by address. */
async function recorded() {
  const bounces = (await t.get('/api/v1/statistics/bounces')).json().results as {
    email: string;
    hard: boolean;
  }[];
  const complaints = (await t.get('/api/v1/statistics/complaints')).json().results as {
    email: string;
    source: string;
  }[];
  return {
    bounces: bounces.map((b) => `${b.email} ${b.hard ? 'hard' : 'soft'}`),
    complaints: complaints.map((c) => `${c.email} ${c.source}`),
  };
}
const nothing = { bounces: [], complaints: [] };

const snsMessage = (type: string, message: string, extra: Record<string, string> = {}) =>
  signedSnsMessage(snsKey, type, message, extra);

describe('POST /api/v1/bounces/ses (SES through SNS)', () => {
  it('confirms the subscription, records bounces and complaints once, refuses forgeries', async () => {
    const { state } = await sent();
    const subscribe = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=t0k';
    const confirmation = snsMessage('SubscriptionConfirmation', 'You have chosen to subscribe…', {
      SubscribeURL: subscribe,
      Token: 't0k',
    });
    const confirmed = await post('ses', JSON.stringify(confirmation), {
      'content-type': 'text/plain; charset=UTF-8',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(visited).toEqual([CERT_URL, subscribe]);

    const bounce = JSON.stringify(
      snsMessage('Notification', await fixture('providers/ses-bounce.json')),
    );
    expect((await post('ses', bounce)).json()).toEqual({ received: 1, recorded: 1 });
    expect((await post('ses', bounce)).json()).toEqual({ received: 1, recorded: 0 });
    const complaint = snsMessage('Notification', await fixture('providers/ses-complaint.json'));
    expect((await post('ses', JSON.stringify(complaint))).json()).toEqual({
      received: 1,
      recorded: 1,
    });
    const delivery = snsMessage('Notification', await fixture('providers/ses-delivery.json'));
    expect((await post('ses', JSON.stringify(delivery))).json()).toEqual({
      received: 0,
      recorded: 0,
    });
    const expected = { bounces: ['gone@example.test hard'], complaints: ['soft@example.test ses'] };
    expect(await recorded()).toEqual(expected);
    expect(await state('gone@example.test')).toBe('bounced');
    expect(await state('soft@example.test')).toBe('unsubscribed');

    // Forgeries: a changed message, another topic, a certificate off SNS's hosts, no signature.
    const changed = { ...complaint, Message: complaint.Message!.replace('soft@', 'gone@') };
    const otherTopic = snsMessage('Notification', complaint.Message!, { TopicArn: `${TOPIC}-2` });
    const offHost = snsMessage('Notification', complaint.Message!, {
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
    });
    const unsigned: Record<string, string> = { ...complaint };
    delete unsigned.Signature;
    for (const forged of [changed, otherTopic, offHost, unsigned]) {
      const res = await post('ses', JSON.stringify(forged));
      expect(res.statusCode, JSON.stringify(forged)).toBe(403);
    }
    expect(await recorded()).toEqual(expected);
  });
});

describe('POST /api/v1/bounces/sendgrid', () => {
  const signed = (body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
    'x-twilio-email-event-webhook-timestamp': timestamp,
    'x-twilio-email-event-webhook-signature': sign(
      'sha256',
      Buffer.from(timestamp + body),
      sendgridKeys.privateKey,
    ).toString('base64'),
  });

  it('verifies the batch, records bounce and spamreport once, ignores other kinds', async () => {
    const { state } = await sent();
    const batch = await fixture('providers/sendgrid-events.json');
    const headers = signed(batch);
    const tampered = batch.replace('"event": "deferred"', '"event": "bounce"');
    expect((await post('sendgrid', tampered, headers)).statusCode).toBe(403);
    expect((await post('sendgrid', batch)).statusCode).toBe(403);
    expect(await recorded()).toEqual(nothing);

    expect((await post('sendgrid', batch, headers)).json()).toEqual({ received: 2, recorded: 2 });
    expect((await post('sendgrid', batch, signed(batch))).json()).toEqual({
      received: 2,
      recorded: 0,
    });
    expect(await recorded()).toEqual({
      bounces: ['gone@example.test hard'],
      complaints: ['soft@example.test sendgrid'],
    });
    expect(await state('soft@example.test')).toBe('unsubscribed');
  });
});

describe('POST /api/v1/bounces/mailgun', () => {
  const signedBody = async (
    file: string,
    token = randomBytes(25).toString('hex'),
    at = Date.now(),
  ) => {
    const timestamp = String(Math.floor(at / 1000));
    const signature = createHmac('sha256', MAILGUN_KEY)
      .update(timestamp + token)
      .digest('hex');
    return (await fixture(file))
      .replace('"TIMESTAMP"', `"${timestamp}"`)
      .replace('"TOKEN"', `"${token}"`)
      .replace('"SIGNATURE"', `"${signature}"`);
  };

  it('checks signature, replay window and token reuse; records each event once', async () => {
    const { state } = await sent();
    const failed = await signedBody('providers/mailgun-failed-permanent.json');
    expect(
      (await post('mailgun', failed.replace(/"signature": "[0-9a-f]{8}/, '"signature": "00000000')))
        .statusCode,
    ).toBe(403);
    const stale = await signedBody(
      'providers/mailgun-failed-permanent.json',
      'stale-token',
      Date.now() - 3_600_000,
    );
    expect((await post('mailgun', stale)).statusCode).toBe(403);
    expect(await recorded()).toEqual(nothing);

    expect((await post('mailgun', failed)).json()).toEqual({ received: 1, recorded: 1 });
    // The same request replayed: its token was used.
    const replayed = await post('mailgun', failed);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toEqual({ detail: 'This Mailgun webhook token was already used.' });
    // Mailgun sending the event again (a new token): the same event, counted once.
    const again = await signedBody('providers/mailgun-failed-permanent.json');
    expect((await post('mailgun', again)).json()).toEqual({ received: 1, recorded: 0 });
    const complained = await signedBody('providers/mailgun-complained.json');
    expect((await post('mailgun', complained)).json()).toEqual({ received: 1, recorded: 1 });
    const opened = (await signedBody('providers/mailgun-complained.json')).replace(
      '"event": "complained"',
      '"event": "opened"',
    );
    expect((await post('mailgun', opened)).json()).toEqual({ received: 0, recorded: 0 });
    expect(await recorded()).toEqual({
      bounces: ['gone@example.test hard'],
      complaints: ['soft@example.test mailgun'],
    });
    expect(await state('gone@example.test')).toBe('bounced');
  });
});

describe('POST /api/v1/bounces/postmark', () => {
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });
  const good = basic('postmark', 'postmark password');

  it('takes Basic credentials; maps bounces, complaints and unsubscriptions once', async () => {
    const { state } = await sent();
    const bounce = await fixture('providers/postmark-bounce.json');
    for (const headers of [{}, basic('postmark', 'wrong'), basic('other', 'postmark password')]) {
      const res = await post('postmark', bounce, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="postmark"');
    }
    expect(await recorded()).toEqual(nothing);

    expect((await post('postmark', bounce, good)).json()).toEqual({ received: 1, recorded: 1 });
    expect((await post('postmark', bounce, good)).json()).toEqual({ received: 1, recorded: 0 });
    const complaint = await fixture('providers/postmark-spam-complaint.json');
    expect((await post('postmark', complaint, good)).json()).toEqual({ received: 1, recorded: 1 });
    const delivery = await fixture('providers/postmark-delivery.json');
    expect((await post('postmark', delivery, good)).json()).toEqual({ received: 0, recorded: 0 });
    expect(await recorded()).toEqual({
      bounces: ['gone@example.test hard'],
      complaints: ['soft@example.test postmark'],
    });
    const suppressed = await queryRows<{ email: string; reason: string }>(
      t.db,
      sql`SELECT email, reason FROM suppressions ORDER BY email`,
    );
    expect(suppressed).toEqual([
      { email: 'gone@example.test', reason: 'hard_bounce' },
      { email: 'soft@example.test', reason: 'complaint' },
    ]);
    expect(await state('gone@example.test')).toBe('bounced');
  });

  it("unsubscribes on a recipient's own subscription change", async () => {
    const { state } = await sent();
    const change = await fixture('providers/postmark-subscription-change.json');
    expect((await post('postmark', change, good)).json()).toEqual({ received: 1, recorded: 1 });
    expect((await post('postmark', change, good)).json()).toEqual({ received: 1, recorded: 0 });
    expect(await state('soft@example.test')).toBe('unsubscribed');
    // The OpenAPI document shows it as public (no user credentials), with its statuses.
    const doc = (await t.get('/api/v1/openapi.json')).json();
    const operation = doc.paths['/api/v1/bounces/{provider}'].post;
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    // An unknown provider: not found.
    expect((await post('unknown', change, good)).statusCode).toBe(404);
  });
});
