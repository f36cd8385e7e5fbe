import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedSecret } from '../../lib/service-secrets.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { sendOptinConfirmations } from '../sending/index.js';
import {
  liftErasure,
  suppressAddress,
  suppressErased,
  suppressionOf,
} from '../suppressions/index.js';
import { signTimestamp } from './protections.js';

let t: TestContext;
let secret: string;
let doi: number;
let plain: number;
let other: number;
let ip = 0;
/** A fresh /24 per call: the per-IP budget is tested on its own. */
const freshIp = () => `10.${Math.floor(++ip / 250)}.${ip % 250}.7`;

beforeAll(async () => {
  t = await createTestContext({ sending: { publicUrl: 'http://mail.example.test' } });
  secret = await sharedSecret(t.db, 'forms');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(
    sql`TRUNCATE forms, form_ip_budget, form_address_budget, suppressions, outbox_messages RESTART IDENTITY CASCADE`,
  );
  doi = await createList(t, { name: 'Weekly', double_opt_in: true });
  other = await createList(t, { name: 'Offers', double_opt_in: true });
  plain = await createList(t, { name: 'Plain', double_opt_in: false });
});

const createForm = async (body: object) => {
  const res = await t.post('/api/v1/forms', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
/** A hosted page's timestamp, served `ageMs` ago. */
const stamp = (form: number, ageMs = 10_000) => signTimestamp(secret, form, Date.now() - ageMs);

function post(form: number, fields: Record<string, string | string[]>, from = freshIp()) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const value of [v].flat()) body.append(k, value);
  return t.app.inject({
    method: 'POST',
    url: `/f/${form}`,
    remoteAddress: from,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://elsewhere.test',
    },
    payload: body.toString(),
  });
}
const stats = async (form: number) => (await t.get(`/api/v1/forms/${form}`)).json().stats;
const subscribersOf = async (list: number) =>
  (await t.get(`/api/v1/lists/${list}/subscribers`)).json().results as {
    email: string;
    subscription: string;
    first_name: string;
    language: string;
  }[];
const outbox = async () => {
  const items = (await t.get('/api/v1/outbox')).json().results as { id: number }[];
  return Promise.all(items.map(async (i) => (await t.get(`/api/v1/outbox/${i.id}`)).json()));
};
const seen = (res: Awaited<ReturnType<typeof post>>) => ({
  status: res.statusCode,
  location: res.headers.location,
  body: res.body,
  headers: Object.keys(res.headers).sort(),
});

describe('form submissions', () => {
  it('answer alike whatever happens, and send one opt-in mail in the subscriber’s language for all lists chosen', async () => {
    const form = await createForm({
      name: 'Footer',
      lists: [doi, other, plain],
      fields: ['first_name'],
      language: 'de',
    });
    const ok = await post(form, {
      email: 'Ada@Example.test',
      first_name: 'Ada',
      lists: [String(doi), String(other), String(plain)],
      _ts: stamp(form),
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/f/${form}/thanks`);
    const answers = [
      // pending now, active elsewhere, a honeypot, malformed but plausible, a forged stamp
      await post(form, { email: 'ada@example.test', lists: String(doi), _ts: stamp(form) }),
      await post(form, { email: 'bot@example.test', website: 'http://spam', _ts: stamp(form) }),
      await post(form, { email: 'not-an-address', lists: String(doi), _ts: stamp(form) }),
      await post(form, { email: 'eve@example.test', lists: String(doi), _ts: 'x.y' }),
      await post(form, { email: 'quick@example.test', lists: String(doi), _ts: stamp(form, 500) }),
    ];
    for (const answer of answers) expect(seen(answer)).toEqual(seen(ok));
    const json = await t.app.inject({
      method: 'POST',
      url: `/f/${form}`,
      remoteAddress: freshIp(),
      payload: { email: 'json@example.test', lists: [doi], _ts: stamp(form) },
    });
    expect(json.statusCode).toBe(202);
    expect(json.json()).toEqual({ status: 'pending' });

    expect(await subscribersOf(doi)).toEqual([
      expect.objectContaining({
        email: 'Ada@Example.test',
        subscription: 'pending',
        first_name: 'Ada',
        language: 'de',
      }),
      expect.objectContaining({ email: 'json@example.test', subscription: 'pending' }),
    ]);
    expect((await subscribersOf(plain))[0]).toMatchObject({ subscription: 'active' });
    expect(await stats(form)).toMatchObject({
      submitted: 7,
      accepted: 3,
      blocked: { honeypot: 1, invalid: 2, too_fast: 1, address_budget: 0 },
    });

    await sendOptinConfirmations(t.app.sending);
    const mails = await outbox();
    const ada = mails.filter((m) => m.to === 'Ada@Example.test');
    expect(ada).toHaveLength(1);
    expect(ada[0].subject).toBe('Bitte bestätigen Sie Ihr Abonnement von Weekly, Offers');
    expect(ada[0].headers['Content-Language']).toBe('de');
    const link = /http:\/\/mail\.example\.test(\/c\/\S+)/.exec(ada[0].text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.body).toContain('<html lang="de">');
    const confirmed = await t.app.inject({ method: 'POST', url: link });
    expect(confirmed.body).toContain('Abonnement bestätigt');
    for (const list of [doi, other])
      expect((await subscribersOf(list))[0]).toMatchObject({ subscription: 'active' });
    expect((await stats(form)).confirmed).toBe(1);

    // Resubmitting a confirmed address changes neither its state nor its data.
    await post(form, {
      email: 'ada@example.test',
      first_name: 'Mallory',
      lists: String(doi),
      _ts: stamp(form),
    });
    expect((await subscribersOf(doi))[0]).toMatchObject({
      subscription: 'active',
      first_name: 'Ada',
    });
  });

  it('send at most one opt-in mail per address a day and accept at most the budget per address block an hour', async () => {
    const form = await createForm({ name: 'One', lists: [doi] });
    const second = await createForm({ name: 'Two', lists: [other] });
    for (let i = 0; i < 5; i++) await post(form, { email: 'same@example.test', _ts: stamp(form) });
    await post(second, { email: 'same@example.test', _ts: stamp(second) });
    expect(await subscribersOf(other)).toEqual([]);
    expect((await stats(second)).blocked.address_budget).toBe(1);

    // Five accepted per /24 an hour (FORM_IP_BUDGET); the sixth from the block is refused.
    for (let i = 0; i < 6; i++)
      await post(form, { email: `p${i}@example.test`, _ts: stamp(form) }, `192.0.2.${i + 1}`);
    await post(form, { email: 'elsewhere@example.test', _ts: stamp(form) }, '198.51.100.1');
    // IPv6: a /56 is one block.
    for (let i = 0; i < 6; i++)
      await post(form, { email: `v6-${i}@example.test`, _ts: stamp(form) }, `2001:db8:0:${i}::1`);
    const emails = (await subscribersOf(doi)).map((s) => s.email);
    expect(emails).toContain('p4@example.test');
    expect(emails).not.toContain('p5@example.test');
    expect(emails).toContain('elsewhere@example.test');
    expect(emails).toContain('v6-4@example.test');
    expect(emails).not.toContain('v6-5@example.test');
    // A static snippet (no signed timestamp) gets a fifth of the budget: one an hour.
    await post(form, { email: 'static1@example.test' }, '203.0.113.1');
    await post(form, { email: 'static2@example.test' }, '203.0.113.2');
    expect((await subscribersOf(doi)).map((s) => s.email)).toContain('static1@example.test');
    expect((await subscribersOf(doi)).map((s) => s.email)).not.toContain('static2@example.test');
    // Repeats of an address already on the list change nothing: no new mail, no budget needed.
    expect(await stats(form)).toMatchObject({
      accepted: 5 + 5 + 1 + 5 + 1,
      blocked: { ip_budget: 3 },
    });

    await sendOptinConfirmations(t.app.sending);
    expect((await outbox()).filter((m) => m.to === 'same@example.test')).toHaveLength(1);
  });

  it('take a proof-of-work once, for its own form, and skip suppressed addresses silently', async () => {
    const form = await createForm({ name: 'Proof', lists: [doi] });
    const otherForm = await createForm({ name: 'Else', lists: [doi] });
    const res = await t.app.inject({ method: 'GET', url: `/f/${form}/challenge` });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const challenge = res.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const later = Date.now() + 5_000; // a person takes a few seconds
    vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await post(otherForm, { email: 'wrong-form@example.test', altcha });
      await post(form, { email: 'solved@example.test', altcha });
      await post(form, { email: 'replayed@example.test', altcha });
    } finally {
      vi.restoreAllMocks();
    }
    const emails = (await subscribersOf(doi)).map((s) => s.email);
    expect(emails).toEqual(['solved@example.test']);
    expect((await stats(form)).blocked.proof).toBe(1);
    expect((await stats(otherForm)).blocked.proof).toBe(1);

    await suppressAddress(t.db, {
      email: 'bounced@example.test',
      reason: 'hard_bounce',
      source: 'test',
    });
    const answer = await post(form, { email: 'bounced@example.test', _ts: stamp(form) });
    expect(answer.statusCode).toBe(303);
    expect((await subscribersOf(doi)).map((s) => s.email)).not.toContain('bounced@example.test');

    // An erased person may sign up again; confirming lifts the erasure.
    await suppressErased(t.db, 'back@example.test', 'test');
    await post(form, { email: 'back@example.test', _ts: stamp(form) });
    await sendOptinConfirmations(t.app.sending);
    const mail = (await outbox()).find((m) => m.to === 'back@example.test');
    expect(mail.headers['Content-Language']).toBe('en');
    const link = /http:\/\/mail\.example\.test(\/c\/\S+)/.exec(mail.text)![1]!;
    expect(await suppressionOf(t.db, 'back@example.test')).toMatchObject({ reason: 'erased' });
    await t.app.inject({ method: 'POST', url: link });
    expect(await suppressionOf(t.db, 'back@example.test')).toBeNull();
    await liftErasure(t.db, 'back@example.test'); // idempotent
  });
});
