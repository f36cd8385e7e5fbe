import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../contract/permissions.js';
import { basic, createTestContext, type TestContext } from '../test/harness.js';
import { ROUTE_PERMISSIONS } from './route-permissions.js';

/**
 * Every /api/v1 route × every built-in role (issue 29): allowed → the route's own answer,
 * forbidden → 403 naming the missing permission; and a user limited to some lists finds the
 * others nowhere. One app and one set of fixtures for the file; nothing here resets them.
 */
let t: TestContext;
const routes: RouteOptions[] = [];
const PASSWORD = 'a long enough password';
const ROLES = Object.keys(BUILT_IN_ROLES);
const users: Record<string, { id: number; authorization: string }> = {};
const ids = { list: 0, otherList: 0, subscriber: 0, otherSubscriber: 0, mailing: 0 };
Object.assign(ids, { otherMailing: 0, delivery: 0, otherDelivery: 0, segment: 0, campaign: 0 });
const fx = ids as Record<string, number>;

async function createUser(username: string, body: Record<string, unknown>) {
  const res = await t.post('/api/v1/users', { username, password: PASSWORD, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, authorization: basic(username, PASSWORD) };
}

async function fixturesFor(name: string) {
  const list = await t.post('/api/v1/lists', {
    name,
    default_from_name: 'Team',
    default_from_email: 'team@example.com',
  });
  const listId = list.json<{ id: number }>().id;
  const sub = await t.post(`/api/v1/lists/${listId}/subscribers`, {
    email: `ada.${name}@example.com`,
  });
  const mailing = await t.post('/api/v1/mailings', {
    list: listId,
    name: `Welcome ${name}`,
    variants: [
      {
        subject: 'Hi',
        layout: { text: 'Hi' },
        deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }],
      },
    ],
  });
  expect(mailing.statusCode, mailing.body).toBe(201);
  const mailingId = mailing.json<{ id: number }>().id;
  const deliveries = await t.get(`/api/v1/mailings/${mailingId}/deliveries`);
  return {
    list: listId,
    subscriber: sub.json<{ id: number }>().id,
    mailing: mailingId,
    delivery: deliveries.json<{ id: number }[]>()[0]!.id,
  };
}

beforeAll(async () => {
  t = await createTestContext({ onRoute: (route) => routes.push(route) });
  const a = await fixturesFor('a');
  const b = await fixturesFor('b');
  Object.assign(ids, a, {
    otherList: b.list,
    otherSubscriber: b.subscriber,
    otherMailing: b.mailing,
    otherDelivery: b.delivery,
  });
  const segment = await t.post(`/api/v1/lists/${a.list}/segments`, { name: 'All', filter: {} });
  fx.segment = segment.json<{ id: number }>().id;
  fx.campaign = (await t.post('/api/v1/campaigns', { name: 'Spring' })).json<{ id: number }>().id;
  await t.post(`/api/v1/lists/${a.list}/fields`, { name: 'plan', type: 'string' });
  for (const role of ROLES) users[role] = await createUser(`role-${role}@example.com`, { role });
  users.limited = await createUser('limited@example.com', {
    role: 'marketer',
    lists: [{ list: a.list, access: 'manage' }],
  });
  users.reader = await createUser('reader@example.com', {
    role: 'support',
    lists: [{ list: a.list, access: 'read' }],
  });
});
afterAll(() => t.close());

// GETs of these have no fixture: their allowed answer is the route's own 404.
const NO_FIXTURE = new Set([
  'GET /api/v1/lists/:list_id/imports/:id',
  'GET /api/v1/lists/:list_id/imports/:id/errors.csv',
  'GET /api/v1/outbox/:id',
  'GET /api/v1/invitations/:id',
  'GET /api/v1/webhooks/:id',
  'GET /api/v1/webhooks/:id/attempts',
  'GET /api/v1/templates/:id',
  'GET /api/v1/layouts/:id',
  'GET /api/v1/lists/:list_id/automations/:id',
  'GET /api/v1/lists/:list_id/automations/:id/runs',
]);

// Required query parameters.
const QUERIES: Record<string, string> = {
  '/api/v1/subscribers': '?search=ada',
  '/api/v1/statistics/opens/series': '?interval=day',
  '/api/v1/statistics/clicks/series': '?interval=day',
  '/api/v1/statistics/bounces/series': '?interval=day',
};

/** A concrete URL for a route: fixtures for reads, an unknown id (999) for writes. */
function urlOf(method: string, url: string, self: number, list: number = ids.list) {
  const write = method !== 'GET' && method !== 'OPTIONS';
  const id = (known: number) => String(write ? 999 : known);
  const idFor = () => {
    if (url.startsWith('/api/v1/users/')) return url.includes('tokens') ? String(self) : id(self);
    if (url.startsWith('/api/v1/lists/:id')) return id(list);
    if (url.includes('/subscribers/:id')) return id(fx.subscriber!);
    if (url.includes('/segments/:id')) return id(fx.segment!);
    if (url.includes('/mailings/:id')) return id(fx.mailing!);
    if (url.includes('/deliveries/:id')) return id(fx.delivery!);
    if (url.includes('/campaigns/:id')) return id(fx.campaign!);
    return '999';
  };
  const query = QUERIES[url] ?? '';
  return `${url}${query}`
    .replace(':list_id', String(list))
    .replace(':id', idFor())
    .replace(':token_id', '999')
    .replace(':action', 'pause')
    .replace(':code', 'DE')
    .replace(':name', url.includes('/roles/') ? 'nobody' : 'plan');
}

const table = Object.entries(ROUTE_PERMISSIONS)
  .filter(([, rule]) => !rule.public)
  .flatMap(([key, rule]) => ROLES.map((role) => ({ key, rule, role })));

describe('route permissions', () => {
  it('declares a permission for every /api/ route, and only for routes that exist', () => {
    const registered = routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => m !== 'HEAD' && route.url.startsWith('/api/'))
        .map((m) => `${m} ${route.url}`),
    );
    expect(registered.filter((key) => !ROUTE_PERMISSIONS[key])).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it.each(table)('$key as $role', async ({ key, rule, role }) => {
    const [method, url] = key.split(' ') as [string, string];
    const user = users[role]!;
    const res = await t.app.inject({
      method: method as 'GET',
      url: urlOf(method, url, user.id),
      headers: { authorization: user.authorization },
      ...(method === 'GET' || method === 'DELETE' || method === 'OPTIONS' ? {} : { payload: {} }),
    });
    const allowed = rule.needs.every((p) => BUILT_IN_ROLES[role]!.includes(p));
    if (!allowed) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch(`does not allow this: it needs`);
    } else if (method === 'GET') {
      expect(res.statusCode, res.body).toBe(NO_FIXTURE.has(key) ? 404 : 200);
    } else {
      // The permission let it through to the route's own answer (its validation, its 404).
      expect([401, 403], res.body).not.toContain(res.statusCode);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});

describe('per-list access', () => {
  const as = (who: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: users[who]!.authorization },
      ...(payload ? { payload } : {}),
    });

  it('answers 404 for every route of a list the user does not have', async () => {
    const scoped = Object.entries(ROUTE_PERMISSIONS).filter(
      ([key, rule]) => key.includes(':list_id') || (rule.scope && rule.scope !== 'filtered'),
    );
    const other = {
      ...fx,
      subscriber: fx.otherSubscriber!,
      mailing: fx.otherMailing!,
      delivery: fx.otherDelivery!,
    };
    const saved = { ...fx };
    Object.assign(fx, other);
    try {
      for (const [key, rule] of scoped) {
        if (rule.scope === 'body-list' || rule.scope === 'all-lists') continue;
        const [method, url] = key.split(' ') as [string, string];
        if (!rule.needs.every((p) => BUILT_IN_ROLES.marketer!.includes(p))) continue;
        // Reads name real rows of the other list; writes an unknown row in it.
        const concrete = urlOf(method, url, users.limited!.id, fx.otherList!).replace(
          /\/(mailings|deliveries)\/999/,
          (_, what: string) => `/${what}/${what === 'mailings' ? fx.mailing : fx.delivery}`,
        );
        const res = await as('limited', method, concrete, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${key} → ${res.body}`).toBe(404);
      }
    } finally {
      Object.assign(fx, saved);
    }
  });

  it('leaves other lists out of every collection', async () => {
    const lists = await as('limited', 'GET', '/api/v1/lists');
    expect(lists.json<{ results: { id: number }[] }>().results.map((l) => l.id)).toEqual([fx.list]);
    const mailings = await as('limited', 'GET', '/api/v1/mailings');
    expect(mailings.json<{ results: { id: number }[] }>().results.map((m) => m.id)).toEqual([
      fx.mailing,
    ]);
    const people = await as('reader', 'GET', '/api/v1/subscribers?search=ada');
    expect(people.json<{ results: { email: string }[] }>().results.map((p) => p.email)).toEqual([
      'ada.a@example.com',
    ]);
    // The admin, for comparison, sees both.
    const all = await t.get('/api/v1/subscribers?search=ada');
    expect(all.json<{ count: number }>().count).toBe(2);
  });

  it('lets a read-only grant read but not change, and refuses what spans every list', async () => {
    const sub = `/api/v1/lists/${fx.list}/subscribers/${fx.subscriber}`;
    expect((await as('reader', 'GET', sub)).statusCode).toBe(200);
    const change = await as('reader', 'PATCH', sub, { first_name: 'Ada' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ detail: 'You may only read this list.' });
    expect((await as('limited', 'PATCH', sub, { first_name: 'Ada' })).statusCode).toBe(200);
    const newList = await as('limited', 'POST', '/api/v1/lists', {});
    expect(newList.statusCode).toBe(403);
    const elsewhere = await as('limited', 'POST', '/api/v1/mailings', {
      list: fx.otherList,
      name: 'Elsewhere',
      variants: [{ subject: 'Hi', layout: { text: 'Hi' } }],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      list: [`Invalid pk "${fx.otherList}" - object does not exist.`],
    });
  });

  it('shows a limited user the global templates and its lists', async () => {
    const make = async (name: string, list: number | null) =>
      (await t.post('/api/v1/templates', { name, list, layout: { text: name } })).json<{
        id: number;
      }>().id;
    const global = await make('Everyone', null);
    const own = await make('Ours', fx.list!);
    const theirs = await make('Theirs', fx.otherList!);
    const names = (await as('limited', 'GET', '/api/v1/templates')).json<{
      results: { name: string }[];
    }>();
    expect(names.results.map((r) => r.name)).toEqual(['Ours', 'Everyone']);
    expect((await as('limited', 'GET', `/api/v1/templates/${own}`)).statusCode).toBe(200);
    expect((await as('limited', 'GET', `/api/v1/templates/${theirs}`)).statusCode).toBe(404);
    expect((await as('limited', 'DELETE', `/api/v1/templates/${theirs}`)).statusCode).toBe(404);
    // Saving for every list, or removing such a template, spans lists it does not have.
    const saveGlobal = await as('limited', 'POST', '/api/v1/templates', {
      name: 'Mine for all',
      layout: { text: 'x' },
    });
    expect(saveGlobal.statusCode).toBe(403);
    expect((await as('limited', 'DELETE', `/api/v1/templates/${global}`)).statusCode).toBe(403);
    const saveOther = await as('limited', 'POST', '/api/v1/templates', {
      name: 'Elsewhere',
      list: fx.otherList,
      layout: { text: 'x' },
    });
    expect(saveOther.json()).toEqual({
      list: [`Invalid pk "${fx.otherList}" - object does not exist.`],
    });
    expect((await as('limited', 'DELETE', `/api/v1/templates/${own}`)).statusCode).toBe(204);
  });
});
