import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { sendRound } from '../sending/index.js';
import { createList } from '../../test/lists.js';
import { importFile } from '../../test/imports.js';

/**
 * Automations through the real engine and a real SMTP server (issue 31). Time moves with the
 * injected clock: a two-day wait is `clock += 2 days`, not a sleep.
 */
const sink = await startSmtpSink();
const DAY = 24 * 60 * 60_000;
/** How far the injected clock is ahead of the real one. */
let clock = 0;
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    sending: { smtpUrls: [sink.url], publicUrl: 'http://mail.example.test', ratePerServer: 0 },
    automations: { now: () => new Date(Date.now() + clock) },
  });
});
beforeEach(async () => {
  await t.reset();
  sink.messages.length = 0;
  clock = 0;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const html = (words: string) =>
  `<html><body><p>${words} <a href="https://example.org/tips">Tips</a></p></body></html>`;

async function mailing(list: number, name: string, subject: string) {
  const res = await t.post('/api/v1/mailings', {
    list,
    name,
    variants: [
      { language: ['de'], subject: `${subject} (de)`, layout: { text: html('Hallo') } },
      { subject, layout: { text: html('Hello') } },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Scheduler and engine rounds until both are idle (each round is a few statements). */
async function settle() {
  for (let i = 0; i < 20; i++) {
    const moved = await t.app.automationRound();
    const sent = await sendRound(t.app.sending);
    if (moved === 0 && sent === 0) return;
  }
}

async function welcomeSequence(extra: Record<string, unknown> = {}) {
  const list = await createList(t, { languages: ['en', 'de'] });
  const welcome = await mailing(list, 'Welcome', 'Welcome');
  const tips = await mailing(list, 'Tips', 'Tips');
  const offer = await mailing(list, 'Offer', 'Offer');
  const res = await t.post(`/api/v1/lists/${list}/automations`, {
    name: 'Welcome sequence',
    trigger: { type: 'subscribed' },
    steps: [
      { type: 'send', mailing: welcome },
      { type: 'wait', minutes: 2 * 24 * 60 },
      { type: 'send', mailing: tips },
      { type: 'wait', minutes: 5 * 24 * 60 },
      { type: 'condition', if: { opened: 0 }, else: 'stop' },
      { type: 'send', mailing: offer },
    ],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const automation = res.json<{ id: number }>().id;
  const base = `/api/v1/lists/${list}/automations/${automation}`;
  expect((await t.post(`${base}/activate`)).statusCode).toBe(200);
  return { list, base, automation, mailings: { welcome, tips, offer } };
}

/** A person's browser (the test client's own agent is a bot's). */
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const subjectsTo = (email: string) =>
  sink.messages.filter((m) => m.to === email).map((m) => m.mail.subject);

describe('automations API', () => {
  it('creates, reads, edits and deletes an automation; 400s name the field', async () => {
    const list = await createList(t, { languages: ['en', 'de'] });
    const welcome = await mailing(list, 'Welcome', 'Welcome');
    const url = `/api/v1/lists/${list}/automations`;
    const bad = await t.post(url, {
      name: '',
      trigger: { type: 'segment_entered', segment: 99 },
      steps: [
        { type: 'send', mailing: 999 },
        { type: 'wait' },
        { type: 'condition', if: { opened: 1 } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['This field may not be blank.'],
      steps: [
        {},
        { minutes: ['Give either minutes or until.'] },
        { if: { opened: ['Name a send step before this condition.'] } },
      ],
    });
    const unknown = await t.post(url, {
      name: 'W',
      trigger: { type: 'segment_entered', segment: 99 },
      steps: [{ type: 'send', mailing: 999 }],
    });
    expect(unknown.json()).toEqual({
      trigger: { segment: ['Invalid pk "99" - object does not exist.'] },
      steps: [{ mailing: ['Invalid pk "999" - object does not exist.'] }],
    });

    const created = await t.post(url, {
      name: 'Welcome',
      trigger: { type: 'subscribed' },
      steps: [{ type: 'send', mailing: welcome }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      list,
      name: 'Welcome',
      state: 'draft',
      trigger: { type: 'subscribed', include_imports: false },
      reenter: false,
      runs: { active: 0, finished: 0, exited: 0 },
      steps: [{ id: 1, type: 'send', mailing: welcome, stats: { entered: 0, sent: 0 } }],
    });
    // A step inserted before an existing one keeps the existing one's id.
    const edited = await t.patch(`${url}/${a.id}`, {
      steps: [
        { type: 'wait', minutes: 60 },
        { id: 1, type: 'send', mailing: welcome },
      ],
    });
    expect(edited.json().steps.map((s: { id: number }) => s.id)).toEqual([2, 1]);
    expect(
      (await t.patch(`${url}/${a.id}`, { steps: [{ id: 7, type: 'wait', minutes: 1 }] })).json(),
    ).toEqual({
      steps: [{ id: ['Invalid pk "7" - object does not exist.'] }],
    });
    expect((await t.get(url)).json().results).toHaveLength(1);
    expect((await t.post(`${url}/${a.id}/pause`)).statusCode).toBe(400);
    expect((await t.post(`${url}/${a.id}/activate`)).json().state).toBe('active');
    expect((await t.post(`${url}/${a.id}/pause`)).json().state).toBe('paused');
    expect((await t.get(`${url}/${a.id}/runs?state=active`)).json()).toMatchObject({ count: 0 });
    expect((await t.get(`${url}/${a.id}/runs?state=nope`)).statusCode).toBe(400);
    expect((await t.delete(`${url}/${a.id}`)).statusCode).toBe(204);
    expect((await t.get(`${url}/${a.id}`)).statusCode).toBe(404);
  });

  it('lets analysts read automations but not change them', async () => {
    const list = await createList(t);
    await t.post('/api/v1/users', {
      username: 'ana@example.com',
      password: 'a long enough password',
      role: 'analyst',
    });
    const as = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: basic('ana@example.com', 'a long enough password') },
        ...(method === 'POST' ? { payload: { name: 'X', trigger: { type: 'subscribed' } } } : {}),
      });
    expect((await as('GET', `/api/v1/lists/${list}/automations`)).statusCode).toBe(200);
    expect((await as('POST', `/api/v1/lists/${list}/automations`)).statusCode).toBe(403);
  });
});

describe('automation runs on the delivery engine', () => {
  it('sends a subscriber created through the API the welcome once, in their language', async () => {
    const { list, base, mailings } = await welcomeSequence();
    const res = await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'ada@example.test',
      language: 'de',
    });
    expect(res.statusCode).toBe(201);
    await settle();
    await settle();
    expect(subjectsTo('ada@example.test')).toEqual(['Welcome (de)']);
    // The step's delivery is an ordinary one of the mailing, steered by the automation only.
    const [delivery] = (await t.get(`/api/v1/mailings/${mailings.welcome}/deliveries`)).json();
    expect(delivery).toMatchObject({ status: 'running', progress: { total: 1, sent: 1 } });
    expect((await t.post(`/api/v1/deliveries/${delivery.id}/pause`)).statusCode).toBe(400);
    // Two days later the tips; nothing is repeated.
    clock += 2 * DAY + 60_000;
    await settle();
    expect(subjectsTo('ada@example.test')).toEqual(['Welcome (de)', 'Tips (de)']);
    const runs = (await t.get(`${base}/runs?state=active`)).json();
    expect(runs).toMatchObject({ count: 1, results: [{ email: 'ada@example.test', step: 3 }] });
    const stats = (await t.get(base)).json().steps.map((s: { stats: unknown }) => s.stats);
    expect(stats[0]).toMatchObject({ entered: 1, sent: 1 });
    expect(stats[3]).toMatchObject({ entered: 1, waiting: 1 });
    // Seven days in, the welcome was not opened: the condition stops the run.
    clock += 5 * DAY + 60_000;
    await settle();
    expect(subjectsTo('ada@example.test')).toHaveLength(2);
    expect((await t.get(`${base}/runs?state=exited`)).json().results).toMatchObject([
      { exit_reason: 'condition', step: 4 },
    ]);
  });

  it('ends the run of one who unsubscribes during the wait; automation.run_finished', async () => {
    const hook = await t.post('/api/v1/webhooks', {
      url: 'https://crm.example/h',
      events: ['automation.run_finished'],
    });
    const { list } = await welcomeSequence();
    const sub = await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'bo@example.test' });
    await settle();
    expect(subjectsTo('bo@example.test')).toEqual(['Welcome']);
    const history = await t.get(`/api/v1/lists/${list}/subscribers/${sub.json().id}/history`);
    expect(history.json().results[0]).toMatchObject({
      kind: 'message',
      field: 'automation',
      new_value: expect.stringMatching(
        /^Automation "Welcome sequence": entered; step 1: mail queued; step 2: waits until/,
      ),
    });
    await t.post(`/api/v1/lists/${list}/subscribers/${sub.json().id}/unsubscribe`);
    clock += 10 * DAY;
    await settle();
    expect(subjectsTo('bo@example.test')).toEqual(['Welcome']);
    const events = await t.db.execute(sql`SELECT type, data FROM webhook_events`);
    expect((events as unknown as { rows: unknown[] }).rows).toMatchObject([
      {
        type: 'automation.run_finished',
        data: { email: 'bo@example.test', state: 'exited', exit_reason: 'unsubscribed' },
      },
    ]);
    await t.delete(`/api/v1/webhooks/${hook.json().id}`);
  });

  it('takes the "opened" branch after a real open-pixel hit', async () => {
    const { list, automation } = await welcomeSequence();
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'cy@example.test' });
    await settle();
    const welcome = sink.messages.find((m) => m.to === 'cy@example.test')!.mail;
    const pixel = /src="http:\/\/mail\.example\.test(\/t\/o\/[^"]+)"/.exec(
      welcome.html as string,
    )![1]!;
    // A person opens it an hour later, in a mail client (issue 51: machines open nothing).
    await t.db.execute(
      sql`UPDATE delivery_recipients SET sent_datetime = now() - interval '1 hour'`,
    );
    const open = await t.app.inject({
      method: 'GET',
      url: pixel,
      headers: { 'user-agent': PERSON },
    });
    expect(open.statusCode).toBe(200);
    await t.app.trackingHits.flush();
    clock += 2 * DAY + 60_000;
    await settle();
    clock += 5 * DAY + 60_000;
    await settle();
    expect(subjectsTo('cy@example.test')).toEqual(['Welcome', 'Tips', 'Offer']);
    // The statistics of the automation's first step hold the open.
    const opens = (await t.get(`/api/v1/statistics/opens?automation=${automation}&step=1`)).json();
    expect(opens.results).toMatchObject([{ email: 'cy@example.test' }]);
    expect(
      (await t.get(`/api/v1/statistics/opens?automation=${automation}&step=3`)).json().count,
    ).toBe(0);
  });

  it('takes the "clicked" branch for a person’s click, not for a scanner’s burst (issue 51)', async () => {
    const list = await createList(t, { languages: ['en', 'de'] });
    const news = await mailing(list, 'News', 'News');
    const offer = await mailing(list, 'Offer', 'Offer');
    const res = await t.post(`/api/v1/lists/${list}/automations`, {
      name: 'Clickers get the offer',
      trigger: { type: 'subscribed' },
      steps: [
        { type: 'send', mailing: news },
        { type: 'wait', minutes: 24 * 60 },
        { type: 'condition', if: { clicked: 0 }, else: 'stop' },
        { type: 'send', mailing: offer },
      ],
    });
    const base = `/api/v1/lists/${list}/automations/${res.json().id}`;
    await t.post(`${base}/activate`);
    for (const email of ['scanned@example.test', 'reader@example.test'])
      await t.post(`/api/v1/lists/${list}/subscribers`, { email });
    await settle();
    const link = (to: string) =>
      /href="http:\/\/mail\.example\.test(\/t\/c\/[^"]+)">Tips/.exec(
        sink.messages.find((m) => m.to === to)!.mail.html as string,
      )![1]!;
    // Both messages pass a gateway: Safe Links fetches the link within seconds of delivery.
    for (const to of ['scanned@example.test', 'reader@example.test'])
      await t.app.inject({
        method: 'GET',
        url: link(to),
        remoteAddress: '40.107.3.4',
        headers: { 'user-agent': PERSON },
      });
    // The reader clicks it an hour later.
    await t.db.execute(
      sql`UPDATE delivery_recipients SET sent_datetime = now() - interval '1 hour'`,
    );
    const click = await t.app.inject({
      method: 'GET',
      url: link('reader@example.test'),
      remoteAddress: '81.2.69.160',
      headers: { 'user-agent': PERSON },
    });
    expect(click.statusCode).toBe(302);
    await t.app.trackingHits.flush();
    clock += DAY + 60_000;
    await settle();
    expect(subjectsTo('reader@example.test')).toEqual(['News', 'Offer']);
    expect(subjectsTo('scanned@example.test')).toEqual(['News']);
  });

  it('holds runs while paused; an edit applies ahead of a run, never behind it', async () => {
    const { list, base } = await welcomeSequence();
    const extra = await mailing(list, 'Extra', 'Extra');
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'di@example.test' });
    await settle();
    expect((await t.post(`${base}/pause`)).statusCode).toBe(200);
    // A send step added before the run's position is never sent to it retroactively.
    // Indices in conditions name steps of the array sent: the welcome moves to index 1.
    type Step = { type: string; stats?: unknown; if?: { opened: number } };
    const steps = (await t.get(base))
      .json<{ steps: Step[] }>()
      .steps.map(({ stats: _, ...step }) =>
        step.if ? { ...step, if: { opened: step.if.opened + 1 } } : step,
      );
    const edited = await t.patch(base, { steps: [{ type: 'send', mailing: extra }, ...steps] });
    expect(edited.statusCode, edited.body).toBe(200);
    clock += 2 * DAY + 60_000;
    await settle();
    expect(subjectsTo('di@example.test')).toEqual(['Welcome']);
    expect((await t.get(`${base}/runs`)).json().results).toMatchObject([
      { state: 'active', step: 2 },
    ]);
    await t.post(`${base}/activate`);
    await settle();
    expect(subjectsTo('di@example.test')).toEqual(['Welcome', 'Tips']);
  });

  it('starts no runs for an import unless the automation includes imports', async () => {
    const { list, base, mailings } = await welcomeSequence();
    const imports = await t.post(`/api/v1/lists/${list}/automations`, {
      name: 'Imports too',
      trigger: { type: 'subscribed', include_imports: true },
      steps: [{ type: 'send', mailing: mailings.tips }],
    });
    const withImports = `/api/v1/lists/${list}/automations/${imports.json().id}`;
    await t.post(`${withImports}/activate`);
    const record = await importFile(t, list, 'email\nimp@example.test\n');
    expect(record).toMatchObject({ created: 1 });
    const counts = (await t.get(`/api/v1/lists/${list}`)).json().subscriber_counts;
    expect(counts.active).toBe(1);
    await settle();
    expect((await t.get(base)).json().runs).toEqual({ active: 0, finished: 0, exited: 0 });
    expect((await t.get(withImports)).json().runs).toEqual({ active: 0, finished: 1, exited: 0 });
    expect(subjectsTo('imp@example.test')).toEqual(['Tips']);
  });

  it('starts segment_entered runs for those who start matching, date_field runs on the day', async () => {
    const list = await createList(t, { languages: ['en', 'de'] });
    const hello = await mailing(list, 'Hello', 'Hello');
    const segment = await t.post(`/api/v1/lists/${list}/segments`, {
      name: 'German',
      filter: { conditions: [{ field: 'language', in: ['de'] }] },
    });
    const early = await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'early@example.test',
      language: 'de',
    });
    expect(early.statusCode).toBe(201);
    const later = await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'later@example.test',
      language: 'en',
    });
    const today = new Date().toISOString().slice(5, 10);
    await t.post(`/api/v1/lists/${list}/subscribers`, {
      email: 'born@example.test',
      date_of_birth: `1990-${today}`,
    });
    const create = async (trigger: object) => {
      const res = await t.post(`/api/v1/lists/${list}/automations`, {
        name: JSON.stringify(trigger),
        trigger,
        steps: [{ type: 'send', mailing: hello }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const base = `/api/v1/lists/${list}/automations/${res.json().id}`;
      expect((await t.post(`${base}/activate`)).statusCode).toBe(200);
      return base;
    };
    const entered = await create({ type: 'segment_entered', segment: segment.json().id });
    const birthday = await create({ type: 'date_field', field: 'date_of_birth', hour: 0 });
    await settle();
    // Those already in the segment when it was activated do not "enter" it.
    expect(subjectsTo('early@example.test')).toEqual([]);
    expect(subjectsTo('born@example.test')).toEqual(['Hello']);
    await t.patch(`/api/v1/lists/${list}/subscribers/${later.json().id}`, { language: 'de' });
    await settle();
    expect(subjectsTo('later@example.test')).toEqual(['Hello (de)']);
    // The next day's check and the next hour's find nobody new.
    clock += DAY;
    await settle();
    expect(sink.messages).toHaveLength(2);
    expect((await t.get(entered)).json().runs).toEqual({ active: 0, finished: 1, exited: 0 });
    expect((await t.get(birthday)).json().runs).toEqual({ active: 0, finished: 1, exited: 0 });
  });

  it("keeps the automation's time zone: local hours and local days, DST included", async () => {
    const at = (iso: string) => {
      clock = Date.parse(iso) - Date.now();
    };
    const list = await createList(t, { languages: ['en', 'de'] });
    const hello = await mailing(list, 'Hello', 'Hello');
    const url = `/api/v1/lists/${list}/automations`;
    const bad = await t.post(url, {
      name: 'Mars',
      trigger: { type: 'subscribed' },
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      time_zone: ['Not a known IANA time zone (e.g. "Europe/Paris" or "UTC").'],
    });
    const utc = await t.post(url, { name: 'Default', trigger: { type: 'subscribed' } });
    expect(utc.json().time_zone).toBe('UTC');
    const paris = await t.patch(`${url}/${utc.json().id}`, { time_zone: 'europe/paris' });
    expect(paris.json().time_zone).toBe('Europe/Paris');
    expect((await t.patch(`${url}/${utc.json().id}`, { time_zone: '+01:00' })).statusCode).toBe(
      400,
    );
    for (const [email, born] of [
      ['jan14@example.test', '1990-01-14'],
      ['jan15@example.test', '1990-01-15'],
      ['jul15@example.test', '1990-07-15'],
    ])
      await t.post(`${url.replace('/automations', '/subscribers')}`, {
        email,
        date_of_birth: born,
      });
    const birthday = await t.post(url, {
      name: 'Birthday',
      trigger: { type: 'date_field', field: 'date_of_birth', hour: 9 },
      steps: [{ type: 'send', mailing: hello }],
      time_zone: 'America/New_York',
    });
    expect(birthday.json().time_zone).toBe('America/New_York');
    const bday = `${url}/${birthday.json().id}`;
    // 03:00 UTC on the 15th is still the 14th in New York, and its 09:00 has passed.
    at('2027-01-15T03:00:00Z');
    await t.post(`${bday}/activate`);
    await settle();
    expect(subjectsTo('jan14@example.test')).toEqual(['Hello']);
    // 09:00 EST is 14:00 UTC.
    at('2027-01-15T13:59:00Z');
    await settle();
    expect(subjectsTo('jan15@example.test')).toEqual([]);
    at('2027-01-15T14:00:00Z');
    await settle();
    expect(subjectsTo('jan15@example.test')).toEqual(['Hello']);
    // 09:00 EDT is 13:00 UTC.
    at('2027-07-15T12:59:00Z');
    await t.post(`${bday}/pause`);
    await t.post(`${bday}/activate`);
    await settle();
    expect(subjectsTo('jul15@example.test')).toEqual([]);
    at('2027-07-15T13:00:00Z');
    await settle();
    expect(subjectsTo('jul15@example.test')).toEqual(['Hello']);

    const monday = await t.post(url, {
      name: 'Monday morning',
      trigger: { type: 'subscribed' },
      steps: [
        { type: 'wait', until: { weekday: 1, hour: 9 } },
        { type: 'send', mailing: hello },
      ],
      time_zone: 'America/New_York',
    });
    const mon = `${url}/${monday.json().id}`;
    await t.post(`${mon}/activate`);
    const waitsUntil = async (email: string, when: string) => {
      at(when);
      await t.post(`${url.replace('/automations', '/subscribers')}`, { email });
      await settle();
      const runs = (await t.get(`${mon}/runs?state=active`)).json().results;
      return runs.find((r: { email: string }) => r.email === email)?.due_datetime;
    };
    // Friday → Monday 09:00 EST; Saturday before the March change → Monday 09:00 EDT.
    expect(await waitsUntil('winter@example.test', '2027-01-15T12:00:00Z')).toBe(
      '2027-01-18T14:00:00.000Z',
    );
    expect(await waitsUntil('spring@example.test', '2027-03-13T12:00:00Z')).toBe(
      '2027-03-15T13:00:00.000Z',
    );
    const spring = (await t.get(`${mon}/runs?state=active`)).json().results.at(-1);
    const history = await t.get(`/api/v1/lists/${list}/subscribers/${spring.subscriber}/history`);
    expect(JSON.stringify(history.json())).toContain(
      'waits until 2027-03-15 13:00 UTC (2027-03-15 09:00 America/New_York)',
    );
    at('2027-03-15T12:59:00Z');
    await settle();
    expect(subjectsTo('spring@example.test')).toEqual([]);
    at('2027-03-15T13:00:00Z');
    await settle();
    expect(subjectsTo('spring@example.test')).toEqual(['Hello']);
  });
});
