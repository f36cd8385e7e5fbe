import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { suppressErased, suppressionMessage } from '../../suppressions/index.js';
import { sendRound } from './sender.js';

/** The suppression list honoured by every sending path (issue 52): nothing reaches SMTP. */
const sink = await startSmtpSink();
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: { smtpUrls: [sink.url], publicUrl: 'http://mail.example.test', ratePerServer: 0 },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const ok = <T>(res: { statusCode: number; body: string; json: () => T }, status = 201) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** Scheduler and engine rounds until both are idle. */
async function settle() {
  for (let i = 0; i < 20; i++) {
    const moved = await t.app.automationRound();
    const sent = await sendRound(t.app.sending);
    if (moved === 0 && sent === 0) return;
  }
}

async function recipients(delivery: number) {
  const res = await t.get(`/api/v1/deliveries/${delivery}/recipients`);
  return res
    .json<{ results: { email: string; state: string; last_error: string }[] }>()
    .results.map((r) => [r.email, r.state]);
}

describe('suppressed addresses at send time', () => {
  it('skips them in deliveries and automations, and refuses test messages to them', async () => {
    const list = await createList(t);
    for (const email of ['keep@ok.example', 'Complained@ok.example', 'anyone@blocked.example'])
      ok(await t.post(`/api/v1/lists/${list}/subscribers`, { email }));
    ok(
      await t.post('/api/v1/suppressions', { email: 'complained@OK.example', reason: 'complaint' }),
    );
    ok(await t.post('/api/v1/suppressions', { domain: 'blocked.example' }));

    const mailing = ok<{ id: number }>(
      await t.post('/api/v1/mailings', {
        list,
        name: 'News',
        variants: [
          {
            subject: 'News',
            layout: { text: 'Hello' },
            deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
          },
        ],
      }),
    ).id;
    await settle();
    const [delivery] = ok<{ id: number; progress: Record<string, number> }[]>(
      await t.get(`/api/v1/mailings/${mailing}/deliveries`),
      200,
    );
    expect(delivery!.progress).toMatchObject({ total: 3, sent: 1, suppressed: 2 });
    expect(await recipients(delivery!.id)).toEqual([
      ['keep@ok.example', 'sent'],
      ['Complained@ok.example', 'suppressed'],
      ['anyone@blocked.example', 'suppressed'],
    ]);
    const only = await t.get(`/api/v1/deliveries/${delivery!.id}/recipients?state=suppressed`);
    expect(only.json<{ results: { last_error: string }[] }>().results[0]!.last_error).toBe(
      'Not sent: the address is on the suppression list.',
    );

    // An automation's send step: the welcome goes to the new subscriber, not the erased one.
    const automation = ok<{ id: number }>(
      await t.post(`/api/v1/lists/${list}/automations`, {
        name: 'Welcome',
        trigger: { type: 'subscribed' },
        steps: [{ type: 'send', mailing }],
      }),
    );
    ok(await t.post(`/api/v1/lists/${list}/automations/${automation.id}/activate`), 200);
    // An erased person is refused by the subscribers API; other reasons are stored, then skipped.
    await suppressErased(t.db, 'late@ok.example', 'erasure');
    const erased = await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'Late@ok.example' });
    expect(erased.statusCode).toBe(400);
    expect(erased.json()).toEqual({ email: [suppressionMessage('erased')] });
    const keep = (await t.get(`/api/v1/lists/${list}/subscribers?email=keep@ok.example`)).json<{
      results: { id: number }[];
    }>().results[0]!;
    const renamed = await t.patch(`/api/v1/lists/${list}/subscribers/${keep.id}`, {
      email: 'late@OK.example',
    });
    expect(renamed.statusCode).toBe(400);
    ok(await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'new@ok.example' }));
    // A domain suppressed after they subscribed: caught at their turn.
    ok(await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'x@later.example' }));
    ok(await t.post('/api/v1/suppressions', { domain: 'later.example' }));
    await settle();
    const steps = ok<{ id: number; status: string }[]>(
      await t.get(`/api/v1/mailings/${mailing}/deliveries`),
      200,
    ).filter((d) => d.id !== delivery!.id);
    expect(steps).toHaveLength(1);
    expect(await recipients(steps[0]!.id)).toEqual([
      ['new@ok.example', 'sent'],
      ['x@later.example', 'suppressed'],
    ]);

    // Test messages, from a mailing and from the composer.
    const test = await t.post(`/api/v1/mailings/${mailing}/test`, {
      email: 'ANYONE@blocked.example',
    });
    expect(test.statusCode).toBe(400);
    expect(test.json()).toEqual({ email: ['This address is on the suppression list.'] });
    const composer = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'complained@ok.example',
      variant: { subject: 'Draft', layout: { text: 'Hi' } },
    });
    expect(composer.statusCode).toBe(400);
    expect(composer.json()).toEqual({
      email: ['This address is on the suppression list: its owner reported a message as spam.'],
    });
    ok(await t.post(`/api/v1/mailings/${mailing}/test`, { email: 'keep@ok.example' }), 202);

    expect(sink.messages.map((m) => m.to).sort()).toEqual([
      'keep@ok.example',
      'keep@ok.example',
      'new@ok.example',
    ]);
  });
});
