import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/** No SMTP_URL: the embedded outbox. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sending: { publicUrl: 'http://mail.example.test/' } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

async function mailingTo(emails: string[], scheduled: Date) {
  const list = await createList(t);
  for (const email of emails) {
    expect((await t.post(`/api/v1/lists/${list}/subscribers`, { email })).statusCode).toBe(201);
  }
  const res = await t.post('/api/v1/mailings', {
    list,
    name: `Mailing ${scheduled.getTime()}`,
    variants: [
      {
        subject: 'Weekly',
        layout: { text: 'Hello, see https://example.org/a' },
        deliveries: [{ scheduled_datetime: scheduled.toISOString() }],
      },
    ],
  });
  expect(res.statusCode).toBe(201);
  const mailing = res.json().id as number;
  const [delivery] = (await t.get(`/api/v1/mailings/${mailing}/deliveries`)).json();
  return { list, mailing, delivery: delivery.id as number };
}

const status = async (id: number) => (await t.get(`/api/v1/deliveries/${id}`)).json();

describe('delivery endpoints', () => {
  it('shows a scheduled delivery, 404s unknown ones, and refuses actions that do not apply', async () => {
    const { mailing, delivery } = await mailingTo(['a@x.test'], new Date(Date.now() + 3600_000));
    const d = await status(delivery);
    expect(d).toMatchObject({
      id: delivery,
      mailing,
      languages: [],
      status: 'scheduled',
      progress: { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 },
      started_datetime: null,
      finished_datetime: null,
    });
    expect((await t.get('/api/v1/deliveries/999')).statusCode).toBe(404);
    expect((await t.get('/api/v1/mailings/999/deliveries')).statusCode).toBe(404);
    expect((await t.post('/api/v1/deliveries/999/pause')).statusCode).toBe(404);
    const resume = await t.post(`/api/v1/deliveries/${delivery}/resume`);
    expect(resume.statusCode).toBe(400);
    expect(resume.json()).toEqual({ detail: 'Only a paused delivery can be resumed.' });
    expect((await t.post(`/api/v1/deliveries/${delivery}/retry`)).statusCode).toBe(400);
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: `/api/v1/deliveries/${delivery}`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('sends to the outbox; pause holds it, resume and cancel move it on', async () => {
    const emails = ['a@x.test', 'b@x.test', 'c@x.test'];
    const { mailing, delivery } = await mailingTo(emails, new Date(Date.now() - 1000));
    // Paused before its time: nothing goes out.
    expect((await t.post(`/api/v1/deliveries/${delivery}/pause`)).json().status).toBe('paused');
    await sendRound(t.app.sending);
    expect((await t.get('/api/v1/outbox')).json().count).toBe(0);
    expect((await t.post(`/api/v1/deliveries/${delivery}/resume`)).json().status).toBe('scheduled');
    await sendRound(t.app.sending);
    await sendRound(t.app.sending);
    const done = await status(delivery);
    expect(done).toMatchObject({ status: 'done', progress: { total: 3, sent: 3, queued: 0 } });
    expect(done.started_datetime).not.toBeNull();
    expect(done.finished_datetime).not.toBeNull();
    expect((await t.post(`/api/v1/deliveries/${delivery}/cancel`)).statusCode).toBe(400);

    const outbox = (await t.get('/api/v1/outbox')).json();
    expect(outbox.count).toBe(3);
    // Newest first; messages in flight together may land in any order.
    const ids = outbox.results.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(outbox.results.map((m: { to: string }) => m.to).sort()).toEqual(emails);
    expect(outbox.results[0]).toMatchObject({ subject: 'Weekly', mailing, delivery });
    const found = (await t.get('/api/v1/outbox?search=B@X')).json();
    expect(found.results.map((m: { to: string }) => m.to)).toEqual(['b@x.test']);
    const message = (await t.get(`/api/v1/outbox/${outbox.results[0].id}`)).json();
    expect(message.from).toBe('"Acme" <news@acme.example>');
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message.headers['List-Unsubscribe']).toMatch(/^<http:\/\/mail\.example\.test\/u\//);
    expect(message.text).toMatch(/^Hello, see http:\/\/mail\.example\.test\/t\/c\//);
    expect(message.html).toContain('/t/o/');
    expect((await t.get('/api/v1/outbox/999')).statusCode).toBe(404);
  });

  it('cancels a running delivery, leaving the rest queued', async () => {
    const { delivery } = await mailingTo(['a@x.test', 'b@x.test'], new Date(Date.now() - 1000));
    await t.db.execute(sql`UPDATE deliveries SET status = 'running', started_datetime = now()`);
    await t.db.execute(sql`INSERT INTO delivery_recipients (delivery_id, subscriber_id, email)
                           SELECT ${delivery}, id, email FROM subscribers`);
    expect((await t.post(`/api/v1/deliveries/${delivery}/cancel`)).json().status).toBe('cancelled');
    await sendRound(t.app.sending);
    expect(await status(delivery)).toMatchObject({
      status: 'cancelled',
      progress: { total: 2, queued: 2, sent: 0 },
    });
  });

  it('retries failed recipients on request', async () => {
    const { delivery } = await mailingTo(['a@x.test', 'b@x.test'], new Date(Date.now() - 1000));
    await sendRound(t.app.sending);
    await t.db.execute(
      sql`UPDATE delivery_recipients SET state = 'failed', last_error = 'ECONNECTION: refused'
           WHERE email = 'b@x.test'`,
    );
    const failed = (await t.get(`/api/v1/deliveries/${delivery}/recipients?state=failed`)).json();
    expect(failed.results).toMatchObject([
      { email: 'b@x.test', last_error: 'ECONNECTION: refused' },
    ]);
    const retried = await t.post(`/api/v1/deliveries/${delivery}/retry`);
    expect(retried.json()).toMatchObject({ status: 'running', progress: { queued: 1, sent: 1 } });
    await sendRound(t.app.sending);
    expect(await status(delivery)).toMatchObject({
      status: 'done',
      progress: { sent: 2, failed: 0 },
    });
    const bad = await t.get(`/api/v1/deliveries/${delivery}/recipients?state=nope`);
    expect(bad.statusCode).toBe(400);
  });

  it('marks a delivery long overdue as missed instead of sending it', async () => {
    const { delivery } = await mailingTo(['a@x.test'], new Date(Date.now() - 2 * 3600_000));
    await sendRound(t.app.sending);
    expect(await status(delivery)).toMatchObject({ status: 'missed', progress: { total: 0 } });
    expect((await t.get('/api/v1/outbox')).json().count).toBe(0);
  });

  it('honours exclusions (lists and addresses) and limit set before the start', async () => {
    const emails = ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'];
    const { delivery } = await mailingTo(emails, new Date(Date.now() + 3600_000));
    const blocked = await createList(t, { name: 'Do not mail' });
    await t.post(`/api/v1/lists/${blocked}/subscribers`, { email: 'A@x.test' });
    const patched = await t.patch(`/api/v1/deliveries/${delivery}`, {
      exclusions: [blocked, 'B@X.test'],
      limit: 1,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ exclusions: [blocked, 'B@X.test'], limit: 1 });
    expect((await t.patch(`/api/v1/deliveries/${delivery}`, { limit: 0 })).statusCode).toBe(400);
    await t.db.execute(sql`UPDATE deliveries SET scheduled_datetime = now()`);
    await sendRound(t.app.sending);
    const log = (await t.get(`/api/v1/deliveries/${delivery}/recipients`)).json();
    expect(log.results.map((r: { email: string }) => r.email)).toEqual(['c@x.test']);
    const late = await t.patch(`/api/v1/deliveries/${delivery}`, { limit: 5 });
    expect(late.statusCode).toBe(400);
  });

  it("sends only to the subscribers in at least one of the mailing's segments", async () => {
    const list = await createList(t);
    const people = [
      { email: 'munich@x.test', region: 'DE-BY' },
      { email: 'berlin@x.test', region: 'DE' },
      { email: 'paris@x.test', region: 'FR' },
      { email: 'lyon@x.test', region: 'FR-ARA' },
      { email: 'rome@x.test', region: 'IT' },
    ];
    for (const p of people) {
      expect((await t.post(`/api/v1/lists/${list}/subscribers`, p)).statusCode).toBe(201);
    }
    const segment = async (name: string, region: string) => {
      const filter = { match: 'all', conditions: [{ field: 'region', in: [region] }] };
      const res = await t.post(`/api/v1/lists/${list}/segments`, { name, filter });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const germany = await segment('Germany', 'DE');
    const lyon = await segment('Lyon', 'FR-ARA');
    const res = await t.post('/api/v1/mailings', {
      list,
      name: 'Segmented',
      segments: [germany, lyon],
      variants: [
        {
          subject: 'Hi',
          layout: { text: 'Hello' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [delivery] = (await t.get(`/api/v1/mailings/${res.json().id}/deliveries`)).json();
    await sendRound(t.app.sending);
    await sendRound(t.app.sending);
    const log = (await t.get(`/api/v1/deliveries/${delivery.id}/recipients`)).json();
    const reached = log.results.map((r: { email: string }) => r.email).sort();
    expect(reached).toEqual(['berlin@x.test', 'lyon@x.test', 'munich@x.test']);
  });

  it('sends a test message to any address, its links untracked and nothing signed for them', async () => {
    const { mailing } = await mailingTo([], new Date(Date.now() + 3600_000));
    const bad = await t.post(`/api/v1/mailings/${mailing}/test`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('email');
    const wrongVariant = await t.post(`/api/v1/mailings/${mailing}/test`, {
      email: 'me@x.test',
      variant: 999,
    });
    expect(wrongVariant.statusCode).toBe(400);
    expect(wrongVariant.json()).toHaveProperty('variant');
    const res = await t.post(`/api/v1/mailings/${mailing}/test`, { email: 'me@x.test' });
    expect(res.statusCode).toBe(202);
    const [item] = (await t.get('/api/v1/outbox')).json().results;
    expect(item).toMatchObject({ to: 'me@x.test', mailing, delivery: null });
    const message = (await t.get(`/api/v1/outbox/${item.id}`)).json();
    expect(message.headers['Message-ID']).toBe(res.json().message_id);
    // No click token (a signed redirect anyone with the dashboard could aim anywhere), no pixel.
    expect(message.text).toContain('https://example.org/a');
    expect(`${message.text}${message.html}`).not.toMatch(/\/t\/[co]\//);
    expect(message.headers['List-Unsubscribe']).toMatch(/^<http:\/\/mail\.example\.test\/u\//);
  });

  it('sends a confirmation to a new pending subscriber of a double-opt-in list', async () => {
    const list = await createList(t, { double_opt_in: true });
    const created = await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'new@x.test' });
    expect(created.json().subscription).toBe('pending');
    await sendRound(t.app.sending);
    const { sendOptinConfirmations } = await import('../engine/optin-confirmations.js');
    expect(await sendOptinConfirmations(t.app.sending)).toBe(1);
    expect(await sendOptinConfirmations(t.app.sending)).toBe(0);
    const [item] = (await t.get('/api/v1/outbox')).json().results;
    const message = (await t.get(`/api/v1/outbox/${item.id}`)).json();
    const link = /http:\/\/mail\.example\.test(\/c\/\S+)/.exec(message.text)![1]!;
    const tampered = await t.app.inject({ method: 'GET', url: `${link}x` });
    expect(tampered.statusCode).toBe(404);
    const subscriber = `/api/v1/lists/${list}/subscribers/${created.json().id}`;
    // A GET (what a link scanner prefetches) only shows the button and changes nothing.
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Confirm subscription</button>');
    // The person sees which list and which address they are confirming.
    expect(page.body).toContain('start receiving <strong>Newsletter</strong> at new@x.test.');
    expect(page.body).toContain(`<form method="post" action="${link}">`);
    expect(page.body).not.toContain('<script');
    expect((await t.get(subscriber)).json().subscription).toBe('pending');
    expect((await t.get(`${subscriber}/history`)).json().results).not.toContainEqual(
      expect.objectContaining({ via: 'opt-in-link' }),
    );
    const tamperedPost = await t.app.inject({ method: 'POST', url: `${link}x` });
    expect(tamperedPost.statusCode).toBe(404);
    expect((await t.get(subscriber)).json().subscription).toBe('pending');
    // The button's POST confirms.
    const confirm = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Subscription confirmed');
    expect((await t.get(subscriber)).json().subscription).toBe('active');
    expect((await t.get(`${subscriber}/history`)).json().results[0]).toMatchObject({
      kind: 'state',
      via: 'opt-in-link',
      user: null,
      new_value: 'active',
    });
  });
});
