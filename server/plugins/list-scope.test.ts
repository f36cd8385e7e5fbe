import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, type TestContext } from '../test/harness.js';

/**
 * Issue 49's findings 3, 6, 7 and 9, performed as written by a low role through HTTP only:
 * each attack now gets nothing (status and body asserted).
 */
let t: TestContext;
const PASSWORD = 'a long enough password';
const as = (who: string) => ({
  get: (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: basic(who, PASSWORD) } }),
  send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: basic(who, PASSWORD) },
      ...(payload ? { payload } : {}),
    }),
});
let listA = 0;
let listB = 0;
let adaB = 0;
let layoutB = 0;

async function list(name: string) {
  const res = await t.post('/api/v1/lists', {
    name,
    default_from_name: 'Team',
    default_from_email: 'team@example.com',
  });
  return res.json<{ id: number }>().id;
}

async function user(username: string, body: object) {
  const res = await t.post('/api/v1/users', { username, password: PASSWORD, ...body });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestContext();
  listA = await list('A');
  listB = await list('B');
  adaB = (
    await t.post(`/api/v1/lists/${listB}/subscribers`, { email: 'ada@b.test', first_name: 'Ada' })
  ).json<{ id: number }>().id;
  await t.post(`/api/v1/lists/${listA}/subscribers`, { email: 'ada@b.test' });
  const mailing = await t.post('/api/v1/mailings', {
    list: listB,
    name: 'Secret plans of B',
    variants: [{ subject: 'B only', layout: { text: 'The secret of list B' } }],
  });
  layoutB = mailing.json<{ variants: { layout: { id: number } }[] }>().variants[0]!.layout.id;
  await t.post('/api/v1/roles', {
    name: 'sender',
    permissions: ['lists:read', 'mailings:read', 'mailings:send'],
  });
  await t.post('/api/v1/roles', {
    name: 'automator',
    permissions: ['lists:read', 'automations:read', 'automations:manage', 'mailings:read'],
  });
  await t.post('/api/v1/roles', {
    name: 'segmenter',
    permissions: ['lists:read', 'segments:read'],
  });
  await user('limited@a.test', { role: 'marketer', lists: [{ list: listA, access: 'manage' }] });
  await user('sender@a.test', { role: 'sender', lists: [{ list: listB, access: 'manage' }] });
  await user('automator@a.test', { role: 'automator' });
  await user('segmenter@a.test', { role: 'segmenter' });
});
afterAll(() => t.close());

describe('list scope of every route (issue 49)', () => {
  it('finding 3: a layout of another list is not found, one of its own list is read', async () => {
    const res = await as('limited@a.test').get(`/api/v1/layouts/${layoutB}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(res.body).not.toContain('secret');
    // The admin, who sees every list, reads it.
    expect((await t.get(`/api/v1/layouts/${layoutB}`)).json()).toMatchObject({
      text: 'The secret of list B',
    });
  });

  it('finding 6: activating an automation sends mail, so it needs mailings:send', async () => {
    const created = await as('automator@a.test').send(
      'POST',
      `/api/v1/lists/${listA}/automations`,
      { name: 'Welcome', trigger: { type: 'subscribed' }, steps: [] },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const res = await as('automator@a.test').send(
      'POST',
      `/api/v1/lists/${listA}/automations/${id}/activate`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/it needs mailings:send/);
    const state = await t.get(`/api/v1/lists/${listA}/automations/${id}`);
    expect(state.json()).toMatchObject({ state: 'draft' });
  });

  it('finding 6: a segment preview answers whole subscribers, so it needs subscribers:read', async () => {
    const res = await as('segmenter@a.test').send(
      'POST',
      `/api/v1/lists/${listB}/segments/preview`,
      { filter: {} },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/it needs subscribers:read/);
    expect(res.body).not.toContain('ada@b.test');
  });

  it("finding 6: a test message filled in with a person's data needs subscribers:read", async () => {
    const res = await as('sender@a.test').send('POST', `/api/v1/lists/${listB}/test-messages`, {
      email: 'attacker@evil.test',
      subscriber: adaB,
      variant: { subject: 'Hi {{ first_name }}', layout: { text: '{{ first_name }}' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/it needs subscribers:read/);
    const outbox = await t.get('/api/v1/outbox?search=attacker%40evil.test');
    expect(outbox.json()).toMatchObject({ count: 0 });
  });

  it('finding 7: the unsubscribe link of a test message names nobody', async () => {
    const res = await as('limited@a.test').send('POST', `/api/v1/lists/${listA}/test-messages`, {
      email: 'attacker@evil.test',
      subscriber: (await t.get(`/api/v1/lists/${listA}/subscribers`)).json<{
        results: { id: number }[];
      }>().results[0]!.id,
      variant: { subject: 'Hi', layout: { text: 'Bye: {{ unsubscribe_url }}' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [item] = (await t.get('/api/v1/outbox?search=attacker%40evil.test')).json<{
      results: { id: number }[];
    }>().results;
    const message = (await t.get(`/api/v1/outbox/${item!.id}`)).json<{ text: string }>();
    const link = /\/u\/[^\s>]+/.exec(message.text)![0];
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.body).toContain('This was a test message');
    // "Unsubscribe from all lists", as the attacker would press it.
    const post = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=all',
    });
    expect(post.body).toContain('There is nothing to unsubscribe from.');
    const ada = await t.get(`/api/v1/lists/${listB}/subscribers/${adaB}`);
    expect(ada.json()).toMatchObject({ subscription: 'active' });
  });

  it('finding 9: campaigns are global, so only users of every list change them', async () => {
    const campaign = (await t.post('/api/v1/campaigns', { name: 'Spring' })).json<{
      id: number;
    }>().id;
    await t.post('/api/v1/mailings', {
      list: listB,
      name: 'Secret plans of B, part 2',
      campaign,
      variants: [{ subject: 'B', layout: { text: 'B' } }],
    });
    const limited = as('limited@a.test');
    for (const [method, url, body] of [
      ['POST', '/api/v1/campaigns', { name: 'Mine' }],
      ['PATCH', `/api/v1/campaigns/${campaign}`, { name: 'Renamed' }],
      ['DELETE', `/api/v1/campaigns/${campaign}`, undefined],
    ] as const) {
      const res = await limited.send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch(/limited to some lists/);
      expect(res.body).not.toContain('Secret plans');
    }
    expect((await t.get(`/api/v1/campaigns/${campaign}`)).json()).toMatchObject({
      name: 'Spring',
    });
    // Reading the campaign's mailings shows only its own lists'.
    const mailings = await limited.get(`/api/v1/campaigns/${campaign}/mailings`);
    expect(mailings.statusCode).toBe(200);
    expect(mailings.body).not.toContain('Secret plans');
  });
});
