import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { sendRound } from '../engine/sender.js';
import { recordComplaint } from '../bounces/record-complaint.js';
import { applyBrake } from './brake.js';

/** Every fourth address of bounce.example is refused for good: a bounce storm. */
const sink = await startSmtpSink((to) =>
  /^r\d*[048]@bounce\.example$/.test(to) ? { code: 550, message: '5.1.1 No such user' } : undefined,
);
const MIN_SENT = 10;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: {
      smtpUrls: [sink.url],
      publicUrl: 'http://mail.example.test',
      // About 20 messages a round: the brake looks between rounds.
      ratePerServer: 10,
      concurrency: 1,
      brake: { complaintRate: 0.003, bounceRate: 0.05, minSent: MIN_SENT },
    },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type Delivery = {
  id: number;
  status: string;
  pause_reason: string;
  pause_rate: string | null;
  progress: { sent: number; queued: number; bounced: number };
};

/** A running delivery of `n` subscribers at `domain`, after its first engine round. */
async function runningDelivery(domain: string, n: number) {
  const list = await createList(t);
  for (let i = 0; i < n; i++)
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: `r${i}@${domain}` });
  const res = await t.post('/api/v1/mailings', {
    list,
    name: `News for ${domain}`,
    variants: [
      {
        subject: 'News',
        layout: { text: 'Hello' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const mailing = res.json<{ id: number }>().id;
  // Rounds until the brake's minimum is sent: how much one round sends depends on the
  // machine's speed (the rate counts time), and the brake looks at the next round's start.
  let delivery = await deliveryOf(mailing);
  for (let round = 0; round < 20 && delivery.progress.sent < MIN_SENT; round++) {
    await sendRound(t.app.sending);
    delivery = await deliveryOf(mailing);
  }
  return { mailing, delivery };
}

async function deliveryOf(mailing: number) {
  const res = await t.get(`/api/v1/mailings/${mailing}/deliveries`);
  return res.json<Delivery[]>()[0]!;
}

const notices = () => sink.messages.filter((m) => m.mail.subject?.startsWith('Delivery paused'));

describe('the brake', () => {
  it('pauses a delivery in a bounce storm, tells the admins, and lets a person resume', async () => {
    const { mailing, delivery } = await runningDelivery('bounce.example', 60);
    expect(delivery.status).toBe('running');
    expect(delivery.progress.bounced).toBeGreaterThan(0);
    await sendRound(t.app.sending);
    const paused = await deliveryOf(mailing);
    expect(paused).toMatchObject({ status: 'paused', pause_rate: 'hard_bounces' });
    expect(paused.pause_reason, JSON.stringify(paused)).toMatch(
      /^Hard-bounce rate [\d.]+ % \(\d+ of \d+ sent\) is above the 5 % line \(BOUNCE_PAUSE_RATE\)\.$/,
    );
    expect(paused.progress.queued).toBeGreaterThan(0);
    expect(notices().map((m) => [m.to, m.mail.subject])).toEqual([
      ['admin@example.com', 'Delivery paused: News for bounce.example'],
    ]);

    const rates = await t.get(`/api/v1/deliveries/${delivery.id}/rates`);
    expect(rates.statusCode).toBe(200);
    const body = rates.json<{ sent: number; hard_bounces: number; domains: unknown[] }>();
    expect(body).toMatchObject({
      lines: { complaint_rate: 0.003, bounce_rate: 0.05, min_sent: 10 },
      complaints: 0,
    });
    expect(body.hard_bounces).toBe(paused.progress.bounced);
    expect(body.domains).toEqual([
      { domain: 'bounce.example', sent: body.sent, complaints: 0, hard_bounces: body.hard_bounces },
    ]);

    // A person resumes: the brake does not stop it again for the same delivery.
    const resumed = await t.post(`/api/v1/deliveries/${delivery.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    await sendRound(t.app.sending);
    expect(await deliveryOf(mailing)).toMatchObject({ pause_rate: null, pause_reason: '' });
    expect((await deliveryOf(mailing)).status).not.toBe('paused');
  });

  it('pauses a delivery in a complaint storm, naming the rate', async () => {
    const before = notices().length;
    const { mailing, delivery } = await runningDelivery('complain.example', 40);
    expect(delivery.status).toBe('running');
    const sent = delivery.progress.sent;
    // The same person's report twice (a relay's retry, another letter case) counts once.
    for (const email of ['r1@complain.example', 'R1@complain.example'])
      await recordComplaint(t.db, {
        deliveryId: delivery.id,
        email,
        feedbackType: 'abuse',
        source: 'arf',
      });
    // One complaint in `sent` (over 10) is above 0.3 %.
    expect(await applyBrake(t.app.sending)).toEqual([delivery.id]);
    await sendRound(t.app.sending);
    const paused = await deliveryOf(mailing);
    expect(paused).toMatchObject({
      status: 'paused',
      pause_rate: 'complaints',
      pause_reason: `Complaint rate ${Number(((1 / sent) * 100).toFixed(2))} % (1 of ${sent} sent) is above the 0.3 % line (COMPLAINT_PAUSE_RATE).`,
    });
    expect(paused.progress.sent).toBe(sent);
    expect(notices()).toHaveLength(before + 1);
  });
});
