import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { queryRows } from '../../db/query-rows.js';
import { sendOptinConfirmations, sendRound } from '../sending/index.js';

/**
 * The preference centre (issue 50 item 5) through the real engine and the outbox: the link
 * in every kind of mail, a page that only its POST changes, the pause honoured by deliveries
 * and automations until it ends by itself, the link request's budget, the languages.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sending: { publicUrl: 'http://mail.example.test' } });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

type Mail = { recipient: string; subject: string; html: string; text: string };
const outbox = () =>
  queryRows<Mail>(
    t.db,
    sql`SELECT recipient, subject, html, text FROM outbox_messages ORDER BY id`,
  );
const manageLinkIn = (mail: Mail) =>
  /href="http:\/\/mail\.example\.test(\/p\/[^"]+)"/.exec(mail.html)?.[1];

const LAYOUT = `<html><body><p>News</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>`;

async function subscribe(list: number, email: string, extra: Record<string, unknown> = {}) {
  const res = await t.post(`/api/v1/lists/${list}/subscribers`, { email, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function deliver(list: number, name: string) {
  const res = await t.post('/api/v1/mailings', {
    list,
    name,
    variants: [
      {
        subject: name,
        layout: { text: LAYOUT },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  while ((await sendRound(t.app.sending)) > 0);
}

/** Two lists of one sender (one with a custom field), one of another; Ann on all three. */
async function setup() {
  const languages = ['en', 'de', 'fr'];
  const news = await createList(t, { name: 'News', languages });
  const offers = await createList(t, { name: 'Offers', languages });
  const other = await createList(t, {
    name: 'Elsewhere',
    default_from_email: 'hello@other.example',
    languages,
  });
  await t.post(`/api/v1/lists/${news}/fields`, {
    name: 'plan',
    type: 'choice',
    choices: [{ value: 'free' }, { value: 'pro' }],
  });
  const ann = await subscribe(news, 'ann@example.test', { first_name: 'Ann' });
  const annOffers = await subscribe(offers, 'Ann@Example.test');
  const annOther = await subscribe(other, 'ann@example.test');
  await subscribe(news, 'bob@example.test');
  return { news, offers, other, ann, annOffers, annOther };
}

const subscriberRows = () =>
  queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM subscribers ORDER BY id`);
const postForm = (url: string, fields: [string, string][], headers = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the manage link', () => {
  it('is in deliveries (beside the unsubscribe link), automation sends and opt-in mails', async () => {
    const { news } = await setup();
    await deliver(news, 'Weekly');
    const optin = await createList(t, { name: 'Opt', double_opt_in: true });
    await subscribe(optin, 'cat@example.test');
    expect(await sendOptinConfirmations(t.app.sending)).toBe(1);
    const mailing = (
      await t.post('/api/v1/mailings', {
        list: news,
        name: 'Welcome',
        variants: [{ subject: 'Welcome', layout: { text: 'Hello, welcome.' } }],
      })
    ).json<{ id: number }>().id;
    const auto = await t.post(`/api/v1/lists/${news}/automations`, {
      name: 'Welcome',
      trigger: { type: 'subscribed' },
      steps: [{ type: 'send', mailing }],
    });
    await t.post(`/api/v1/lists/${news}/automations/${auto.json<{ id: number }>().id}/activate`);
    await subscribe(news, 'dan@example.test');
    await t.app.automationRound();
    while ((await sendRound(t.app.sending)) > 0);

    const mails = await outbox();
    expect(mails.map((m) => `${m.recipient} ${m.subject}`).sort()).toEqual([
      'ann@example.test Weekly',
      'bob@example.test Weekly',
      'cat@example.test Please confirm your subscription to Opt',
      'dan@example.test Welcome',
    ]);
    for (const mail of mails) {
      expect(manageLinkIn(mail), mail.subject).toMatch(/^\/p\/[\w.-]+$/);
      expect(mail.text).toMatch(/Manage your subscription: http:\/\/mail\.example\.test\/p\//);
      const page = await t.app.inject({ method: 'GET', url: manageLinkIn(mail)! });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(mail.recipient);
    }
    const weekly = mails.find((m) => m.subject === 'Weekly')!;
    expect(weekly.html).toMatch(
      />Unsubscribe<\/a> · <a href="[^"]+\/p\/[^"]+">Manage your subscription<\/a>/,
    );
  });
});

describe('the preference page', () => {
  it('changes nothing on GET, and saves lists, fields, language and pause in one POST', async () => {
    const { news, offers, ann, annOffers, annOther } = await setup();
    await deliver(news, 'Weekly');
    const link = manageLinkIn((await outbox()).find((m) => m.recipient === 'ann@example.test')!)!;
    const before = await subscriberRows();

    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('News');
    expect(page.body).toContain('Offers');
    expect(page.body).not.toContain('Elsewhere');
    expect(page.body).toMatch(/<select id="field-0" name="f.plan">/);
    expect(await subscriberRows()).toEqual(before);

    const bad = await postForm(link, [
      ['list', String(ann)],
      ['pause', '45'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    const crossSite = await postForm(link, [['list', String(ann)]], {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await subscriberRows()).toEqual(before);

    const saved = await postForm(link, [
      ['list', String(ann)],
      ['first_name', 'Annie'],
      ['last_name', 'Smith'],
      ['f.plan', 'pro'],
      ['language', 'de'],
      ['pause', '30'],
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-language']).toBe('de');
    expect(saved.body).toContain('Ihre Auswahl ist gespeichert.');
    const rows = new Map((await subscriberRows()).map((r) => [r.id, r]));
    expect(rows.get(ann)).toMatchObject({
      subscription: 'active',
      first_name: 'Annie',
      last_name: 'Smith',
      language: 'de',
      custom: { plan: 'pro' },
    });
    const until = Date.parse(String(rows.get(ann)!.paused_until));
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(30);
    expect(rows.get(annOffers)).toMatchObject({ subscription: 'unsubscribed', language: 'de' });
    expect(rows.get(annOffers)!.custom).toEqual({});
    expect(rows.get(annOther)).toEqual(before.find((r) => r.id === annOther));

    const history = (await t.get(`/api/v1/lists/${news}/subscribers/${ann}/history`)).json<{
      results: { field: string | null; via: string | null; new_value: unknown }[];
    }>().results;
    const pause = history.find((h) => h.field === 'paused_until')!;
    expect(pause.via).toBe('preference-centre');
    expect(Date.parse(String(pause.new_value))).toBe(until);
    const offersHistory = (
      await t.get(`/api/v1/lists/${offers}/subscribers/${annOffers}/history`)
    ).json<{
      results: { field: string | null; new_value: unknown }[];
    }>().results;
    expect(offersHistory.find((h) => h.field === 'subscription')?.new_value).toBe('unsubscribed');

    const paused = (await t.get(`/api/v1/lists/${news}/subscribers?paused=true`)).json<{
      count: number;
      results: { email: string }[];
    }>();
    expect(paused.count).toBe(1);
    // What the dashboard's probe relies on: a value other than true/false is refused.
    expect((await t.get(`/api/v1/lists/${news}/subscribers?paused=probe`)).statusCode).toBe(400);
    expect(paused.results.map((r) => r.email)).toEqual(['ann@example.test']);
    expect((await t.get(`/api/v1/lists/${news}/subscribers`)).json<{ count: number }>().count).toBe(
      2,
    );
  });

  it('offers the lists of the sender’s forms, and joins one switched on', async () => {
    const { ann } = await setup();
    const extra = await createList(t, { name: 'Events', languages: ['en', 'de'] });
    const form = await t.post('/api/v1/forms', { name: 'Events form', lists: [extra] });
    expect(form.statusCode, form.body).toBe(201);
    const day = Math.floor(Date.now() / 86_400_000);
    const link = `/p/${t.app.sending.signer.sign({ kind: 'p', subscriber: ann, day })}`;
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.body).toMatch(
      new RegExp(
        `<input type="checkbox" role="switch" id="offer-${extra}" name="offer" value="${extra}"> Events`,
      ),
    );
    expect(await queryRows(t.db, sql`SELECT 1 FROM subscribers WHERE list_id = ${extra}`)).toEqual(
      [],
    );
    await postForm(link, [
      ['list', String(ann)],
      ['offer', String(extra)],
      ['language', 'de'],
      ['pause', '90'],
    ]);
    const [joined] = await queryRows<{
      email: string;
      subscription: string;
      language: string;
      paused: boolean;
    }>(
      t.db,
      sql`SELECT email, subscription, language, paused_until > now() + interval '89 days' AS paused
            FROM subscribers WHERE list_id = ${extra}`,
    );
    expect(joined).toEqual({
      email: 'ann@example.test',
      subscription: 'active',
      language: 'de',
      paused: true,
    });
    expect((await t.app.inject({ method: 'GET', url: link })).body).not.toContain(`offer-${extra}`);
  });

  it('answers a changed token with 404 and a token older than its life with 410', async () => {
    const { ann } = await setup();
    const signer = t.app.sending.signer;
    const today = Math.floor(Date.now() / 86_400_000);
    const good = signer.sign({ kind: 'p', subscriber: ann, day: today });
    const changed = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ method: 'GET', url: `/p/${changed}` })).statusCode).toBe(404);
    const old = signer.sign({ kind: 'p', subscriber: ann, day: today - 401 });
    const expired = await t.app.inject({ method: 'GET', url: `/p/${old}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('action="/p"');
    const unsubscribe = signer.sign({ kind: 'u', subscriber: ann, delivery: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/p/${unsubscribe}` })).statusCode).toBe(404);
  });
});

describe('the pause', () => {
  it('is skipped by deliveries and automation sends, and ends by itself', async () => {
    const { news, ann } = await setup();
    const signer = t.app.sending.signer;
    const link = `/p/${signer.sign({ kind: 'p', subscriber: ann, day: Math.floor(Date.now() / 86_400_000) })}`;
    await postForm(link, [
      ['list', String(ann)],
      ['pause', '60'],
    ]);

    const mailing = (
      await t.post('/api/v1/mailings', {
        list: news,
        name: 'Welcome',
        variants: [{ subject: 'Welcome', layout: { text: 'Hello, welcome.' } }],
      })
    ).json<{ id: number }>().id;
    const auto = await t.post(`/api/v1/lists/${news}/automations`, {
      name: 'Welcome',
      trigger: { type: 'subscribed' },
      steps: [{ type: 'send', mailing }],
    });
    await t.post(`/api/v1/lists/${news}/automations/${auto.json<{ id: number }>().id}/activate`);
    const eve = await subscribe(news, 'eve@example.test');
    await t.app.automationRound();
    // Eve pauses between the automation's step and the engine's turn.
    const eveLink = `/p/${signer.sign({ kind: 'p', subscriber: eve, day: Math.floor(Date.now() / 86_400_000) })}`;
    await postForm(eveLink, [
      ['list', String(eve)],
      ['pause', '30'],
    ]);
    await deliver(news, 'Weekly');

    const sent = (await outbox()).map((m) => `${m.recipient} ${m.subject}`).sort();
    expect(sent).toEqual(['bob@example.test Weekly']);
    const skipped = await queryRows<{ email: string; last_error: string }>(
      t.db,
      sql`SELECT email, last_error FROM delivery_recipients WHERE state = 'skipped'`,
    );
    expect(skipped).toEqual([
      { email: 'eve@example.test', last_error: expect.stringContaining('paused') },
    ]);

    // The dates pass: both get the next mail without doing anything.
    await t.db.execute(sql`UPDATE subscribers SET paused_until = now() - interval '1 minute'`);
    expect(
      (await t.get(`/api/v1/lists/${news}/subscribers?paused=true`)).json<{ count: number }>()
        .count,
    ).toBe(0);
    await deliver(news, 'Next week');
    const next = (await outbox()).filter((m) => m.subject === 'Next week').map((m) => m.recipient);
    expect(next.sort()).toEqual(['ann@example.test', 'bob@example.test', 'eve@example.test']);
  });
});

describe('asking for a link', () => {
  it('answers the same for any address and mails at most once an hour', async () => {
    await setup();
    const ask = (email: string, lang = 'en') =>
      postForm('/p', [
        ['email', email],
        ['lang', lang],
      ]);
    const answers = [
      await ask('ann@example.test'),
      await ask('nobody@example.test'),
      await ask('not an address'),
      await ask('ANN@example.test'),
    ];
    const shape = (r: (typeof answers)[number]) => ({
      status: r.statusCode,
      type: r.headers['content-type'],
      csp: r.headers['content-security-policy'],
      body: r.body,
    });
    for (const a of answers) expect(shape(a)).toEqual(shape(answers[0]!));
    await vi.waitFor(async () => expect((await outbox()).length).toBe(1));
    const [mail] = await outbox();
    expect(mail!.recipient).toBe('ann@example.test');
    // One link per sender the address is on, each to that sender's lists.
    const links = [...mail!.html.matchAll(/href="http:\/\/mail\.example\.test(\/p\/[^"]+)"/g)];
    const pages = await Promise.all(
      links.map(async ([, url]) => (await t.app.inject({ method: 'GET', url: url! })).body),
    );
    expect(pages.map((body) => /News/.test(body))).toEqual([false, true]);
    expect(pages.map((body) => /Elsewhere/.test(body))).toEqual([true, false]);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM preference_link_requests`,
    );
    expect(rows[0]!.n).toBe(2);
    expect((await ask('bob@example.test', 'de')).body).toContain('lang="de"');
  });

  it('speaks the subscriber’s language, else the browser’s', async () => {
    const { news, ann } = await setup();
    const fr = await subscribe(news, 'fr@example.test', { language: 'fr' });
    const signer = t.app.sending.signer;
    const day = Math.floor(Date.now() / 86_400_000);
    const open = (id: number, acceptLanguage?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/p/${signer.sign({ kind: 'p', subscriber: id, day })}`,
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    const french = await open(fr, 'de');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Votre abonnement');
    const german = await open(ann, 'de-CH, en;q=0.5');
    expect(german.headers['content-language']).toBe('de');
    expect(german.body).toContain('Ihr Abonnement');
    const request = await t.app.inject({
      method: 'GET',
      url: '/p',
      headers: { 'accept-language': 'fr' },
    });
    expect(request.body).toContain('Gérer votre abonnement');
    expect(request.body).toMatch(/<label for="email">Adresse e-mail<\/label>/);
  });
});
