import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.js';
import { createList } from '../../../../test/lists.js';
import { sendRound } from '../../engine/sender.js';

const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const EMAILS = ['a@example.test', 'b@example.test', 'c@example.test', 'd@example.test'];

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: {
      providers: {
        sendgrid: {
          publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        },
      },
    },
  });
});
afterAll(() => t.close());

/** A SendGrid post of `events`, signed now (SendGrid's Event Webhook: an array). */
const post = (events: object[]) => {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/bounces/sendgrid',
    headers: {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-timestamp': timestamp,
      'x-twilio-email-event-webhook-signature': sign(
        'sha256',
        Buffer.from(timestamp + body),
        keys.privateKey,
      ).toString('base64'),
    },
    payload: body,
  });
};

const bounce = (email: string, type = 'bounce') => ({
  email,
  timestamp: Math.floor(Date.now() / 1000),
  event: 'bounce',
  type,
  reason: '550 5.1.1 unknown user',
  sg_event_id: `event-${email}-${type}`,
});

describe('a provider batch with repeated events', () => {
  it('records each event once, within a batch, across replays and concurrent posts', async () => {
    const list = await createList(t);
    const ids: Record<string, number> = {};
    for (const email of EMAILS)
      ids[email] = (await t.post(`/api/v1/lists/${list}/subscribers`, { email })).json().id;
    await t.post('/api/v1/mailings', {
      list,
      name: 'Batched',
      variants: [
        {
          subject: 'Hello',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    });
    await sendRound(t.app.sending);

    // a: twice in the batch; b: hard and a soft ("blocked") one; c: once; d: not in it.
    const batch = [
      bounce('a@example.test'),
      bounce('b@example.test'),
      bounce('a@example.test'),
      bounce('b@example.test', 'blocked'),
      bounce('c@example.test'),
      bounce('nobody@example.test'),
    ];
    expect((await post(batch)).json()).toEqual({ received: 6, recorded: 4 });
    // The same batch again, twice at once (SendGrid retries a post that timed out).
    const again = await Promise.all([post(batch), post(batch)]);
    expect(again.map((r) => r.json())).toEqual([
      { received: 6, recorded: 0 },
      { received: 6, recorded: 0 },
    ]);
    const bounces = (await t.get('/api/v1/statistics/bounces')).json().results as {
      email: string;
      hard: boolean;
    }[];
    expect(bounces.map((b) => `${b.email} ${b.hard ? 'hard' : 'soft'}`).sort()).toEqual([
      'a@example.test hard',
      'b@example.test hard',
      'b@example.test soft',
      'c@example.test hard',
    ]);
    const state = async (email: string) =>
      (await t.get(`/api/v1/lists/${list}/subscribers/${ids[email]}`)).json().subscription;
    expect(await Promise.all(EMAILS.map(state))).toEqual([
      'bounced',
      'bounced',
      'bounced',
      'active',
    ]);
    const suppressed = (await t.get('/api/v1/suppressions')).json().results as {
      email: string;
      reason: string;
    }[];
    expect(suppressed.map((s) => `${s.email} ${s.reason}`).sort()).toEqual([
      'a@example.test hard_bounce',
      'b@example.test hard_bounce',
      'c@example.test hard_bounce',
    ]);
  });
});
