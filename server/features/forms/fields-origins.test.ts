import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { sharedSecret } from '../../lib/service-secrets.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { signTimestamp } from './protections.js';
import { askedFields, type FieldDefinition } from '../../../contract/form-fields.js';
import { formSnippet, type Form } from '../../../contract/forms.js';

let t: TestContext;
let secret: string;
let list: number;
let ip = 0;
const freshIp = () => `10.77.${++ip}.7`;

beforeAll(async () => {
  t = await createTestContext();
  secret = await sharedSecret(t.db, 'forms');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(
    sql`TRUNCATE forms, form_ip_budget, form_address_budget RESTART IDENTITY CASCADE`,
  );
  list = await createList(t, { name: 'Members', double_opt_in: false });
});

const createForm = async (body: object) => {
  const res = await t.post('/api/v1/forms', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
const stamp = (form: number) => signTimestamp(secret, form, Date.now() - 10_000);
const post = (form: number, fields: Record<string, string>, from = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/f/${form}`,
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _ts: stamp(form), ...fields }).toString(),
  });

describe('a flood', () => {
  it('is refused without a query: honeypot, invalid, forged, too fast, a bad proof, a spent block', async () => {
    const form = await createForm({ name: 'Flooded', lists: [list] });
    // A static post takes the block's hour; the next is refused by the database once.
    await post(form, { email: 'first@example.test', _ts: '' }, '198.51.100.1');
    await post(form, { email: 'second@example.test', _ts: '' }, '198.51.100.2');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now); // the form stays in the cache meanwhile
    const queries = (
      ['execute', 'select', 'insert', 'update', 'delete', 'transaction'] as const
    ).map((method) => vi.spyOn(t.db, method));
    try {
      await post(form, { email: 'bot@example.test', website: 'http://spam.test' });
      await post(form, { email: 'not-an-address' });
      await post(form, { email: 'forged@example.test', _ts: `${now - 10_000}.forged` });
      await post(form, {
        email: 'quick@example.test',
        _ts: signTimestamp(secret, form, now - 500),
      });
      await post(form, { email: 'proof@example.test', altcha: 'bm90IGEgcHJvb2Y=' });
      await post(form, { email: 'third@example.test', _ts: '' }, '198.51.100.3');
      for (const query of queries) expect(query).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
    const { stats } = (await t.get(`/api/v1/forms/${form}`)).json();
    expect(stats).toMatchObject({
      submitted: 8,
      accepted: 1,
      blocked: { honeypot: 1, invalid: 2, too_fast: 1, proof: 1, ip_budget: 2 },
    });
    const budgets = await queryRows(t.db, sql`SELECT accepted FROM form_ip_budget`);
    expect(budgets).toEqual([{ accepted: 1 }]);
  });
});

describe('a form’s asked fields', () => {
  it('follow the list’s definitions on the page and on submit; a wrong value is blocked as invalid, unseen', async () => {
    for (const field of [
      {
        name: 'plan',
        label: 'Plan',
        type: 'choice',
        required: true,
        choices: [
          { value: 'basic', display_name: 'Basic' },
          { value: 'pro', display_name: 'Pro' },
        ],
      },
      { name: 'seats', label: 'Seats', type: 'integer' },
      { name: 'birthday', label: 'Birthday', type: 'date' },
      { name: 'call_at', label: 'Call at', type: 'datetime' },
    ]) {
      const res = await t.post(`/api/v1/lists/${list}/fields`, field);
      expect(res.statusCode, res.body).toBe(201);
    }
    const form = await createForm({
      name: 'Members',
      lists: [list],
      fields: ['first_name', 'plan', 'seats', 'birthday', 'call_at'],
    });
    const page = (await t.app.inject({ method: 'GET', url: `/f/${form}` })).body;
    expect(page).toContain('<label for="f-plan">Plan</label>');
    expect(page).toContain(
      '<select id="f-plan" name="plan" required><option value="">Choose…</option><option value="basic">Basic</option><option value="pro">Pro</option></select>',
    );
    expect(page).toContain('<input type="number" id="f-seats" name="seats" step="1">');
    expect(page).toContain('<input type="date" id="f-birthday" name="birthday">');
    expect(page).toContain(
      '<input type="text" id="f-first_name" name="first_name" maxlength="100" autocomplete="given-name">',
    );
    expect(page).toContain('<input type="datetime-local" id="f-call_at" name="call_at">');
    // The Forms screen's snippet, from the definitions the SPA reads (the list's own fields,
    // then the shared ones), writes the very controls of the hosted page.
    const definitions = [`/api/v1/lists/${list}/fields`, '/api/v1/fields'].map(
      async (url) => (await t.get(url)).json<{ results: FieldDefinition[] }>().results,
    );
    const { fields, lists } = (await t.get(`/api/v1/forms/${form}`)).json<Form>();
    const snippet = formSnippet(
      'https://mail.example.test',
      { id: form, lists },
      askedFields(fields, (await Promise.all(definitions)).flat()),
      {},
    );
    expect(snippet).toContain('<label>Seats <input type="number" name="seats" step="1"></label>');
    const askedControls = (html: string) =>
      [...html.matchAll(/<(?:input|select) [^>]*>/g)]
        .map(([control]) => control.replace(/ id="[^"]*"/, ''))
        .filter((control) => fields.some((name) => control.includes(` name="${name}"`)));
    expect(askedControls(snippet)).toHaveLength(5);
    expect(askedControls(snippet)).toEqual(askedControls(page));

    const ok = await post(form, {
      email: 'ada@example.test',
      first_name: 'Ada',
      plan: 'pro',
      seats: '3',
      birthday: '1990-05-01',
    });
    const wrong = [
      await post(form, { email: 'gold@example.test', plan: 'gold' }),
      await post(form, { email: 'many@example.test', plan: 'basic', seats: 'many' }),
      await post(form, { email: 'none@example.test' }),
      await post(form, { email: 'date@example.test', plan: 'basic', birthday: '1990-13-45' }),
    ];
    for (const answer of wrong) {
      expect(answer.statusCode).toBe(ok.statusCode);
      expect(answer.headers.location).toBe(ok.headers.location);
      expect(answer.body).toBe(ok.body);
    }
    const subscribers = (await t.get(`/api/v1/lists/${list}/subscribers`)).json().results;
    expect(subscribers).toEqual([
      expect.objectContaining({
        email: 'ada@example.test',
        first_name: 'Ada',
        plan: 'pro',
        seats: 3,
        birthday: '1990-05-01',
      }),
    ]);
    const { stats } = (await t.get(`/api/v1/forms/${form}`)).json();
    expect(stats).toMatchObject({ submitted: 5, accepted: 1, blocked: { invalid: 4 } });
  });
});

describe('a post from another origin', () => {
  it('is preflighted for POST /f/{id} only, and its 202 is readable', async () => {
    const form = await createForm({ name: 'Shop', lists: [list] });
    const preflight = (url: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://shop.example.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(`/f/${form}`);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
    });
    for (const url of [`/f/${form}/thanks`, '/api/v1/forms', `/api/v1/lists/${list}/subscribers`])
      expect((await preflight(url)).headers['access-control-allow-origin']).toBeUndefined();

    const res = await t.app.inject({
      method: 'POST',
      url: `/f/${form}`,
      remoteAddress: freshIp(),
      headers: { origin: 'https://shop.example.test', 'content-type': 'application/json' },
      payload: { email: 'shopper@example.test', _ts: stamp(form) },
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ status: 'pending' });
    const subscribers = (await t.get(`/api/v1/lists/${list}/subscribers`)).json().results;
    expect(subscribers).toEqual([
      expect.objectContaining({ email: 'shopper@example.test', subscription: 'active' }),
    ]);
  });
});
