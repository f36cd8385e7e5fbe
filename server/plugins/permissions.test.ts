import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../contract/permissions.js';
import type { RouteAccess } from '../lib/route-access.js';
import { basic, createTestContext, type TestContext } from '../test/harness.js';

/**
 * Every /api/v1 route × every built-in role × {every list, its own list, another list}
 * (issues 29 and 49), expected from the rule the route declares beside itself
 * (`config.access`) alone: allowed → the route's own answer, forbidden → 403 naming the
 * missing permission; and a user limited to some lists finds the others nowhere. One app (built
 * as the file is collected: its routes are the rows) and one set of fixtures; nothing resets them.
 */
const routes: RouteOptions[] = [];
const t: TestContext = await createTestContext({ onRoute: (route) => routes.push(route) });
const PASSWORD = 'a long enough password';
const ROLES = Object.keys(BUILT_IN_ROLES);
const users: Record<string, { id: number; authorization: string }> = {};
type Fixtures = {
  list: number;
  subscriber: number;
  mailing: number;
  delivery: number;
  layout: number;
  segment: number;
};
/** List a's rows (the limited users' own list) and list b's (another list). */
const listA = {} as Fixtures;
const listB = {} as Fixtures;
const ids = { otherList: 0, otherSubscriber: 0, otherMailing: 0, otherDelivery: 0, campaign: 0 };
const fx = ids as Record<string, number>;

async function createUser(username: string, body: Record<string, unknown>) {
  const res = await t.post('/api/v1/users', { username, password: PASSWORD, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, authorization: basic(username, PASSWORD) };
}

async function fixturesFor(name: string): Promise<Fixtures> {
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
  const created = mailing.json<{ id: number; variants: { layout: { id: number } }[] }>();
  const deliveries = await t.get(`/api/v1/mailings/${created.id}/deliveries`);
  const segment = await t.post(`/api/v1/lists/${listId}/segments`, { name: 'All', filter: {} });
  return {
    list: listId,
    subscriber: sub.json<{ id: number }>().id,
    mailing: created.id,
    delivery: deliveries.json<{ id: number }[]>()[0]!.id,
    layout: created.variants[0]!.layout.id,
    segment: segment.json<{ id: number }>().id,
  };
}

beforeAll(async () => {
  Object.assign(listA, await fixturesFor('a'));
  Object.assign(listB, await fixturesFor('b'));
  Object.assign(fx, listA, {
    otherList: listB.list,
    otherSubscriber: listB.subscriber,
    otherMailing: listB.mailing,
    otherDelivery: listB.delivery,
  });
  fx.campaign = (await t.post('/api/v1/campaigns', { name: 'Spring' })).json<{ id: number }>().id;
  await t.post(`/api/v1/lists/${listA.list}/fields`, { name: 'plan', type: 'string' });
  await t.post(`/api/v1/lists/${listB.list}/fields`, { name: 'plan', type: 'string' });
  for (const role of ROLES) {
    users[role] = await createUser(`role-${role}@example.com`, { role });
    users[`${role}@a`] = await createUser(`role-${role}.a@example.com`, {
      role,
      lists: [{ list: listA.list, access: 'manage' }],
    });
  }
  users.limited = users['marketer@a']!;
  users.reader = await createUser('reader@example.com', {
    role: 'support',
    lists: [{ list: listA.list, access: 'read' }],
  });
});
afterAll(() => t.close());

// GETs of these have no fixture: their allowed answer is the route's own 404.
const NO_FIXTURE = new Set([
  'GET /api/v1/lists/:list_id/imports/:id',
  'GET /api/v1/lists/:list_id/imports/:id/errors.csv',
  'GET /api/v1/lists/:list_id/imports/:id/undo-conflicts.csv',
  'GET /api/v1/outbox/:id',
  'GET /api/v1/invitations/:id',
  'GET /api/v1/webhooks/:id',
  'GET /api/v1/webhooks/:id/attempts',
  'GET /api/v1/forms/:id',
  'GET /api/v1/templates/:id',
  'GET /api/v1/lists/:list_id/automations/:id',
  'GET /api/v1/lists/:list_id/automations/:id/runs',
  // An address on no list.
  'GET /api/v1/people/:email/export',
]);

// Required query parameters.
const QUERIES: Record<string, string> = {
  '/api/v1/subscribers': '?search=ada',
  '/api/v1/statistics/clients': '?mailing=1',
  '/api/v1/lists/:id/unsubscribes': '?date=2026-01-01',
  '/api/v1/statistics/click-map': '?mailing=1',
};
for (const kind of ['opens', 'clicks', 'bounces', 'complaints'])
  QUERIES[`/api/v1/statistics/${kind}/series`] = '?interval=day';

/**
 * A concrete URL for a route: the rows of `rows` (list a's or b's) for reads and for the
 * routes whose list comes from a mailing, delivery or layout; an unknown id (999) for the
 * other writes.
 */
function urlOf(method: string, url: string, self: number, rows: Fixtures = listA) {
  const write = method !== 'GET' && method !== 'OPTIONS';
  const id = (known: number) => String(write ? 999 : known);
  const idFor = () => {
    if (url.startsWith('/api/v1/users/')) return url.includes('tokens') ? String(self) : id(self);
    if (url.startsWith('/api/v1/lists/:id')) return id(rows.list);
    if (url.includes('/subscribers/:id')) return id(rows.subscriber);
    if (url.includes('/segments/:id')) return id(rows.segment);
    // Their list is found through the row: on list b a write names a real one (and is
    // refused before the route runs); on list a it names none, so no fixture changes.
    const real = (row: number) => String(write && rows === listA ? 999 : row);
    if (url.includes('/mailings/:id')) return real(rows.mailing);
    if (url.includes('/deliveries/:id')) return real(rows.delivery);
    if (url.includes('/layouts/:id')) return real(rows.layout);
    if (url.includes('/campaigns/:id')) return id(fx.campaign!);
    return '999';
  };
  const query = QUERIES[url] ?? '';
  return `${url}${query}`
    .replace(':list_id', String(rows.list))
    .replace(':id', idFor())
    .replace(':token_id', '999')
    .replace(':action', 'pause')
    .replace(':code', 'DE')
    .replace(':email', 'nobody%40example.com')
    .replace(':name', url.includes('/roles/') ? 'nobody' : 'plan');
}

/**
 * Who asks: a user of the role who sees every list (`all`), or one limited to list a (with
 * manage access) acting on list a (`own`) or on list b (`other`).
 */
const REACHES = ['all', 'own', 'other'] as const;
type Reach = (typeof REACHES)[number];

/** What the matrix expects, from the route's declared rule alone. */
function expectedAnswer(rule: RouteAccess, url: string, role: string, reach: Reach) {
  if (!rule.needs.every((p) => BUILT_IN_ROLES[role]!.includes(p))) return 'role-forbidden';
  if (reach === 'all') return 'route';
  const scope = rule.scope ?? (url.includes(':list_id') ? 'list_id' : undefined);
  if (scope === 'all-lists') return 'lists-forbidden';
  if (reach === 'own' || scope === undefined || scope === 'filtered') return 'route';
  return scope === 'body-list' ? 'unknown-list' : 'not-found';
}

/** Every /api/ route as Fastify registered it (HEAD follows GET), with what it declares. */
const apiRoutes = routes.flatMap(({ method, url, config = {} }) =>
  url.startsWith('/api/')
    ? [method].flat().flatMap((m) => (m === 'HEAD' ? [] : [{ key: `${m} ${url}`, config }]))
    : [],
);

const table = apiRoutes.flatMap(({ key, config: { access: rule, public: isPublic } }) =>
  rule && !isPublic
    ? ROLES.flatMap((role) => REACHES.map((reach) => ({ key, rule, role, reach })))
    : [],
);

describe('route permissions', () => {
  it('has every /api/ route declare its access, or that it is public', () => {
    const undeclared = apiRoutes.filter(({ config }) => !config.access && !config.public);
    expect(undeclared.map(({ key }) => key)).toEqual([]);
  });

  it.each(table)('$key as $role reaching $reach lists', async ({ key, rule, role, reach }) => {
    const [method, url] = key.split(' ') as [string, string];
    const user = users[reach === 'all' ? role : `${role}@a`]!;
    const rows = reach === 'other' ? listB : listA;
    const body = rule.scope === 'body-list' ? { list: rows.list } : {};
    const res = await t.app.inject({
      method: method as 'GET',
      url: urlOf(method, url, user.id, rows),
      headers: { authorization: user.authorization },
      ...(method === 'GET' || method === 'DELETE' || method === 'OPTIONS' ? {} : { payload: body }),
    });
    const expected = expectedAnswer(rule, url, role, reach);
    if (expected === 'role-forbidden') {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch(`does not allow this: it needs`);
    } else if (expected === 'lists-forbidden') {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch('limited to some lists');
    } else if (expected === 'not-found') {
      expect(res.statusCode, res.body).toBe(404);
    } else if (expected === 'unknown-list') {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ list: [`Invalid pk "${rows.list}" - object does not exist.`] });
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
