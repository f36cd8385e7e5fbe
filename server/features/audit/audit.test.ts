import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.js';
import { auditedAction } from './action.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE audit_log RESTART IDENTITY`);
});
afterAll(() => t.close());

const entries = async (query = '') => {
  await t.app.auditWritten();
  const res = await t.get(`/api/v1/audit${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { next: string | null; results: Record<string, unknown>[] };
};
const list = { name: 'Audited', default_from_name: 'A', default_from_email: 'a@example.com' };

describe('audit log', () => {
  it('records writes (accepted and refused) and not reads, without bodies or credentials', async () => {
    const created = (await t.post('/api/v1/lists', list)).json();
    await t.put(`/api/v1/lists/${created.id}`, { ...list, name: 'Renamed' });
    await t.get('/api/v1/lists');
    await t.get(`/api/v1/lists/${created.id}`);
    await t.post('/api/v1/lists', { name: '' });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/lists/${created.id}` }); // no credentials
    await t.delete(`/api/v1/lists/${created.id}`);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/password-reset/${'A'.repeat(43)}`,
      payload: { password: 'secret password' },
    });

    const { results } = await entries();
    expect(results.map((e) => [e.action, e.resource_id, e.status, e.username])).toEqual([
      ['password-reset.create', null, 404, null],
      ['lists.delete', String(created.id), 204, ADMIN.username],
      ['lists.delete', String(created.id), 401, null],
      ['lists.create', null, 400, ADMIN.username],
      ['lists.update', String(created.id), 200, ADMIN.username],
      ['lists.create', String(created.id), 201, ADMIN.username],
    ]);
    expect(results.at(-1)).toMatchObject({
      user: t.admin.id,
      token: null,
      method: 'POST',
      route: '/api/v1/lists',
      resource_type: 'lists',
      address: '127.0.0.1',
    });
    const text = JSON.stringify(results);
    expect(text).not.toContain('A'.repeat(43));
    expect(text).not.toContain('secret password');
    expect(text).not.toContain('Renamed');
  });

  it('records every write of a burst, more answers in one moment than one INSERT takes', async () => {
    const burst = 1_200;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => t.post('/api/v1/lists', { name: '', n: i })),
    );
    expect(answers.every((res) => res.statusCode === 400)).toBe(true);
    const seen: Record<string, unknown>[] = [];
    let page = await entries('?page_size=500&action=lists.create');
    seen.push(...page.results);
    while (page.next) {
      page = (await t.get(page.next)).json();
      seen.push(...page.results);
    }
    expect(seen).toHaveLength(burst);
    expect(seen.every((e) => e.status === 400 && e.username === ADMIN.username)).toBe(true);
  });

  it('records a write whose path holds a character the database cannot store, beside others', async () => {
    const answers = await Promise.all([
      t.delete('/api/v1/lists/%00'),
      t.post('/api/v1/lists', list),
      t.post('/api/v1/lists', { name: '' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 201, 400]);
    const { results } = await entries();
    expect(results.map((e) => [e.action, e.resource_id, e.status]).sort()).toEqual(
      [
        ['lists.create', String(answers[1]!.json().id), 201],
        ['lists.create', null, 400],
        ['lists.delete', '\uFFFD', 404],
      ].sort(),
    );
  });

  it('is append-only', async () => {
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refused = { cause: { message: 'audit_log is append-only' } };
    await t.post('/api/v1/lists', list);
    await t.app.auditWritten();
    await expect(t.db.execute(sql`UPDATE audit_log SET status = 200`)).rejects.toMatchObject(
      refused,
    );
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toMatchObject(refused);
    expect((await entries()).results).toHaveLength(1);
  });

  it('filters by user, resource type, action and period, and pages with a cursor', async () => {
    const start = new Date(Date.now() - 1000);
    await t.db.execute(sql`
      INSERT INTO audit_log (time, user_id, username, method, route, action, resource_type, resource_id, address, status)
      SELECT ${start.toISOString()}::timestamptz + make_interval(secs => i), CASE WHEN i % 2 = 0 THEN 7 ELSE 8 END,
             'u' || (i % 2), 'POST', '/api/v1/lists', CASE WHEN i < 5 THEN 'lists.create' ELSE 'campaigns.create' END,
             CASE WHEN i < 5 THEN 'lists' ELSE 'campaigns' END, i::text, '10.0.0.1', 201
        FROM generate_series(0, 6) AS i`);
    const ids = (page: { results: Record<string, unknown>[] }) =>
      page.results.map((e) => e.resource_id);

    expect(ids(await entries('?user=7'))).toEqual(['6', '4', '2', '0']);
    expect(ids(await entries('?resource_type=campaigns'))).toEqual(['6', '5']);
    expect(ids(await entries('?action=lists.create&user=8'))).toEqual(['3', '1']);
    const since = new Date(start.getTime() + 2000).toISOString();
    const until = new Date(start.getTime() + 4000).toISOString();
    expect(ids(await entries(`?since=${since}&until=${until}`))).toEqual(['4', '3', '2']);

    const seen: unknown[] = [];
    let page = await entries('?page_size=3&resource_type=lists');
    seen.push(...ids(page));
    while (page.next) {
      expect(page.next).toMatch(/^\/api\/v1\/audit\?.*resource_type=lists/);
      const res = await t.get(page.next);
      page = res.json();
      seen.push(...ids(page));
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0']);

    for (const bad of ['?cursor=nonsense', '?user=x', '?since=yesterday']) {
      const res = await t.get(`/api/v1/audit${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('action names', () => {
  it('name the resource and the act from the route', () => {
    expect(auditedAction('POST', '/api/v1/lists/:list_id/subscribers', { list_id: '1' })).toEqual({
      action: 'lists.subscribers.create',
      resourceType: 'subscribers',
      resourceId: null,
    });
    expect(
      auditedAction('PATCH', '/api/v1/lists/:list_id/subscribers/:subscriber_id', {
        list_id: '1',
        subscriber_id: '9',
      }),
    ).toEqual({ action: 'lists.subscribers.update', resourceType: 'subscribers', resourceId: '9' });
    expect(auditedAction('POST', '/api/v1/deliveries/:id/pause', { id: '4' })).toEqual({
      action: 'deliveries.pause',
      resourceType: 'deliveries',
      resourceId: '4',
    });
    expect(auditedAction('POST', '/api/v1/me/two-factor/confirm', {})).toMatchObject({
      action: 'me.two-factor.confirm',
      resourceType: 'two-factor',
    });
  });
});
