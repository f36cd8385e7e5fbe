import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { createList } from '../../../test/lists.js';
import { sendOptinConfirmations } from './optin-confirmations.js';
import { sendRound } from './sender.js';

/**
 * Server faults and a changing audience, through a real SMTP server: `fault` says what the
 * relay refuses right now; `busy@…` is refused with 451 on the first attempt; `onRecipient`
 * sees each recipient as the relay is given it; each message takes `acceptMs` to be accepted.
 */
let fault: 'login' | 'sender' | undefined;
let onRecipient: (to: string) => void = () => undefined;
let acceptMs = 0;
const sink = await startSmtpSink(
  (to, attempt) => {
    onRecipient(to);
    return to.startsWith('busy') && attempt === 1
      ? { code: 451, message: '4.7.1 Busy' }
      : undefined;
  },
  () => acceptMs,
  {
    login: () =>
      fault === 'login'
        ? { code: 535, message: '5.7.8 Authentication credentials invalid' }
        : undefined,
    sender: () =>
      fault === 'sender' ? { code: 554, message: '5.7.1 Sender address not verified' } : undefined,
  },
);

let t: TestContext;
beforeAll(async () => {
  const url = new URL(sink.url);
  url.username = 'relay-user';
  url.password = 'relay-password';
  t = await createTestContext({
    sending: {
      smtpUrls: [url.toString()],
      publicUrl: 'http://mail.example.test',
      ratePerServer: 0,
      retryBaseMs: 200,
    },
  });
});
beforeEach(async () => {
  await t.reset();
  sink.messages.length = 0;
  sink.attempts.clear();
  fault = undefined;
  onRecipient = () => undefined;
  acceptMs = 0;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type Delivery = { id: number; status: string; pause_reason: string; progress: object };

async function deliveryTo(emails: string[]) {
  const list = await createList(t);
  const ids: Record<string, number> = {};
  for (const email of emails) {
    const res = await t.post(`/api/v1/lists/${list}/subscribers`, { email });
    expect(res.statusCode).toBe(201);
    ids[email] = res.json().id as number;
  }
  const res = await t.post('/api/v1/mailings', {
    list,
    name: `Faults ${Date.now()}`,
    variants: [
      {
        subject: 'Hello',
        layout: { text: 'Hello https://example.org' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  expect(res.statusCode).toBe(201);
  const [d] = (await t.get(`/api/v1/mailings/${res.json().id}/deliveries`)).json();
  return { list, ids, delivery: d.id as number };
}

const status = async (id: number): Promise<Delivery> =>
  (await t.get(`/api/v1/deliveries/${id}`)).json();

async function runWhile(delivery: number, running: (d: Delivery) => boolean) {
  for (let i = 0; i < 100; i++) {
    await sendRound(t.app.sending);
    const d = await status(delivery);
    if (!running(d)) return d;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The delivery did not settle.');
}
const settle = (delivery: number) =>
  runWhile(delivery, (d) => d.status === 'running' || d.status === 'scheduled');

const everyone = ['a@example.test', 'b@example.test', 'c@example.test'];

describe('server faults pause the delivery, nobody bounces', () => {
  it.each([
    ['login', /^The SMTP server refused the login: 535 5\.7\.8 Authentication credentials invalid/],
    [
      'sender',
      /^The SMTP server refused the sender address: 554 5\.7\.1 Sender address not verified/,
    ],
  ] as const)('a refused %s pauses with the answer; resume continues', async (kind, reason) => {
    const { list, ids, delivery } = await deliveryTo(everyone);
    fault = kind;
    const paused = await settle(delivery);
    expect(paused).toMatchObject({
      status: 'paused',
      progress: { total: 3, queued: 3, sent: 0, bounced: 0, failed: 0 },
    });
    expect(paused.pause_reason).toMatch(reason);
    for (const email of everyone) {
      const s = (await t.get(`/api/v1/lists/${list}/subscribers/${ids[email]}`)).json();
      expect(s.subscription).toBe('active');
    }
    const log = (await t.get(`/api/v1/deliveries/${delivery}/recipients`)).json();
    expect(log.results.map((r: { attempts: number }) => r.attempts)).toEqual([0, 0, 0]);
    const bounces = (await t.get(`/api/v1/statistics/bounces`)).json();
    expect(bounces.count).toBe(0);

    fault = undefined; // the password was fixed
    const resumed = await t.post(`/api/v1/deliveries/${delivery}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'running', pause_reason: '' });
    const done = await settle(delivery);
    expect(done).toMatchObject({ status: 'done', progress: { total: 3, sent: 3 } });
    expect(sink.messages.map((m) => m.to).sort()).toEqual(everyone);
  });
});

describe('a pause during sending', () => {
  it('stops the sending within one result write; resume sends the rest once', async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `p${i}@example.test`);
    const { delivery } = await deliveryTo(emails);
    acceptMs = 100;
    let pausing: Promise<number> | undefined;
    onRecipient = (to) => {
      if (to !== 'p3@example.test') return;
      // How many the relay had accepted when the pause was answered.
      pausing = t
        .post(`/api/v1/deliveries/${delivery}/pause`)
        .then((res) => (expect(res.statusCode).toBe(200), sink.messages.length));
    };
    const paused = await runWhile(delivery, () => pausing === undefined);
    const acceptedAtPause = await pausing!;
    expect(paused.status).toBe('paused');
    await sendRound(t.app.sending); // nothing more goes out while paused
    // The claim held 20 rows. After the pause, a lane sends at most the message it had on
    // the way and the next one, whose end waited for the write that said so.
    const concurrency = t.app.sending.options.concurrency;
    expect(sink.messages.length).toBeLessThanOrEqual(acceptedAtPause + 2 * concurrency);
    expect((await status(delivery)).progress).toMatchObject({
      sent: sink.messages.length,
      queued: 40 - sink.messages.length,
    });

    acceptMs = 0;
    expect((await t.post(`/api/v1/deliveries/${delivery}/resume`)).statusCode).toBe(200);
    expect(await settle(delivery)).toMatchObject({ status: 'done', progress: { sent: 40 } });
    expect(sink.messages.map((m) => m.to).sort()).toEqual([...emails].sort());
  });
});

describe('the audience at each turn', () => {
  it('skips who unsubscribed or was deleted before their turn, with the reason', async () => {
    const { list, ids, delivery } = await deliveryTo([
      'a@example.test',
      'busy-unsubscribes@example.test',
      'busy-deleted@example.test',
      'busy-stays@example.test',
    ]);
    // The first round: a@ is sent, the busy ones are refused for now and wait for a retry.
    await sendRound(t.app.sending);
    expect(sink.messages.map((m) => m.to)).toEqual(['a@example.test']);
    const unsubscribe = await t.post(
      `/api/v1/lists/${list}/subscribers/${ids['busy-unsubscribes@example.test']}/unsubscribe`,
    );
    expect(unsubscribe.statusCode).toBe(200);
    const deleted = await t.delete(
      `/api/v1/lists/${list}/subscribers/${ids['busy-deleted@example.test']}`,
    );
    expect(deleted.statusCode).toBeLessThan(300);

    const done = await settle(delivery);
    expect(done).toMatchObject({
      status: 'done',
      progress: { total: 4, sent: 2, skipped: 2, queued: 0 },
    });
    expect(sink.messages.map((m) => m.to).sort()).toEqual([
      'a@example.test',
      'busy-stays@example.test',
    ]);
    const skipped = (await t.get(`/api/v1/deliveries/${delivery}/recipients?state=skipped`)).json();
    expect(skipped.results).toMatchObject([
      {
        email: 'busy-unsubscribes@example.test',
        state: 'skipped',
        last_error: 'Not sent: the subscriber was unsubscribed by their turn.',
      },
      {
        email: 'busy-deleted@example.test',
        state: 'skipped',
        last_error: 'Not sent: the subscriber was deleted by their turn.',
      },
    ]);
  });
});

describe('opt-in confirmations', () => {
  it('retry a refusal for now like deliveries, and show in the history once sent', async () => {
    const list = await createList(t, { double_opt_in: true });
    const created = await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'busy-confirms@example.test',
    });
    const history = `/api/v1/lists/${list}/subscribers/${created.json().id}/history`;
    expect(await sendOptinConfirmations(t.app.sending)).toBe(1); // 451: tried again later
    expect(sink.messages).toEqual([]);
    expect((await t.get(history)).json().results).not.toContainEqual(
      expect.objectContaining({ kind: 'message' }),
    );
    let tried = 0;
    while (sink.messages.length === 0 && tried++ < 50) {
      await new Promise((r) => setTimeout(r, 100));
      await sendOptinConfirmations(t.app.sending);
    }
    expect(sink.messages.map((m) => m.mail.subject)).toEqual([
      'Please confirm your subscription to Newsletter',
    ]);
    expect((await t.get(history)).json().results[0]).toMatchObject({
      kind: 'message',
      field: 'confirmation',
      new_value: 'sent',
    });
    expect(await sendOptinConfirmations(t.app.sending)).toBe(0);
  });
});
