import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../../../contract/permissions.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';

/** Users, roles, API tokens and /me (issue 29), through the API as a client sees them. */
let t: TestContext;
const PASSWORD = 'a long enough password';
const dashboard = { 'x-mailboard-client': 'dashboard' };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const as = (username: string, password: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: basic(username, password) },
    ...(payload ? { payload } : {}),
  });

async function signIn(username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: dashboard,
    payload: { username, password },
  });
  return { res, cookie: /mailboard_session=([^;]*)/.exec(String(res.headers['set-cookie']))?.[1] };
}

const withCookie = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: dashboard, cookies: { mailboard_session: cookie } });

describe('users', () => {
  it('creates, shows, changes and removes users; the CLI-made admin is an admin', async () => {
    const list = await t.post('/api/v1/lists', {
      name: 'News',
      default_from_name: 'N',
      default_from_email: 'n@example.com',
    });
    const listId = list.json<{ id: number }>().id;
    const created = await t.post('/api/v1/users', {
      username: 'sam@example.com',
      password: PASSWORD,
      role: 'support',
      lists: [{ list: listId, access: 'read' }],
    });
    expect(created.statusCode).toBe(201);
    const sam = created.json<{ id: number }>();
    expect(sam).toEqual({
      id: sam.id,
      username: 'sam@example.com',
      role: 'support',
      lists: [{ list: listId, access: 'read' }],
      active: true,
      two_factor: false,
    });
    const all = await t.get('/api/v1/users');
    expect(all.json()).toContainEqual(
      expect.objectContaining({ username: ADMIN.username, role: 'admin', lists: null }),
    );

    const changed = await t.patch(`/api/v1/users/${sam.id}`, { role: 'analyst', lists: null });
    expect(changed.json()).toMatchObject({ role: 'analyst', lists: null });

    expect(
      (await t.post('/api/v1/users', { username: 'sam@example.com', password: PASSWORD })).json(),
    ).toEqual({
      username: ['A user with that username already exists.'],
    });
    // Without a password the user is invited by mail, with the role it names.
    const invited = await t.post('/api/v1/users', { username: 'x@example.com', role: 'analyst' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ username: 'x@example.com', role: 'analyst' });
    const outbox = (await t.get('/api/v1/outbox')).json() as { results: { to: string }[] };
    expect(outbox.results.map((m) => m.to)).toContain('x@example.com');
    expect(
      (
        await t.post('/api/v1/users', {
          username: 'y@example.com',
          password: PASSWORD,
          role: 'boss',
        })
      ).json(),
    ).toEqual({
      role: ['Role "boss" does not exist.'],
    });
    expect(
      (await t.patch(`/api/v1/users/${sam.id}`, { lists: [{ list: 999, access: 'read' }] })).json(),
    ).toEqual({
      lists: ['Invalid pk "999" - object does not exist.'],
    });

    expect((await t.delete(`/api/v1/users/${sam.id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/users/${sam.id}`)).statusCode).toBe(404);
  });

  it('keeps one active admin', async () => {
    const res = await t.patch(`/api/v1/users/${t.admin.id}`, { role: 'marketer' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'The last active admin cannot be demoted.' });
    expect((await t.delete(`/api/v1/users/${t.admin.id}`)).statusCode).toBe(409);
  });

  it('refuses a deactivated user’s session and token on the next request', async () => {
    const created = await t.post('/api/v1/users', {
      username: 'leaving@example.com',
      password: PASSWORD,
      role: 'marketer',
    });
    const id = created.json<{ id: number }>().id;
    const { cookie } = await signIn('leaving@example.com', PASSWORD);
    expect((await withCookie(cookie!, '/api/v1/lists')).statusCode).toBe(200);
    const token = (
      await as('leaving@example.com', PASSWORD, 'POST', `/api/v1/users/${id}/tokens`, {
        name: 'CRM',
      })
    ).json<{ token: string }>().token;
    expect((await as('leaving@example.com', token, 'GET', '/api/v1/lists')).statusCode).toBe(200);
    // The password is in the credential cache too.
    expect((await as('leaving@example.com', PASSWORD, 'GET', '/api/v1/lists')).statusCode).toBe(
      200,
    );

    expect((await t.patch(`/api/v1/users/${id}`, { active: false })).json()).toMatchObject({
      active: false,
    });

    expect((await withCookie(cookie!, '/api/v1/lists')).statusCode).toBe(401);
    for (const secret of [token, PASSWORD]) {
      const res = await as('leaving@example.com', secret, 'GET', '/api/v1/lists');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'User inactive or deleted.' });
    }
    expect((await signIn('leaving@example.com', PASSWORD)).res.statusCode).toBe(401);
    // Reactivated, its tokens work again (its sessions ended for good).
    await t.patch(`/api/v1/users/${id}`, { active: true });
    expect((await as('leaving@example.com', token, 'GET', '/api/v1/lists')).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lists the built-ins read-only and manages custom roles', async () => {
    const roles = await t.get('/api/v1/roles');
    expect(roles.json()).toContainEqual({
      name: 'support',
      permissions: [...BUILT_IN_ROLES.support!],
      built_in: true,
    });
    const builtIn = await t.patch('/api/v1/roles/admin', { permissions: [] });
    expect(builtIn.statusCode).toBe(403);
    expect(builtIn.json<{ detail: string }>().detail).toMatch('built-in role');

    const copy = await t.post('/api/v1/roles', {
      name: 'editor',
      permissions: ['mailings:manage', 'lists:read', 'mailings:read'],
    });
    expect(copy.statusCode).toBe(201);
    // Kept in the vocabulary's order.
    expect(copy.json()).toEqual({
      name: 'editor',
      permissions: ['lists:read', 'mailings:read', 'mailings:manage'],
      built_in: false,
    });
    expect(
      (await t.post('/api/v1/roles', { name: 'x', permissions: ['lists:fly'] })).statusCode,
    ).toBe(400);

    await t.post('/api/v1/users', {
      username: 'ed@example.com',
      password: PASSWORD,
      role: 'editor',
    });
    expect((await as('ed@example.com', PASSWORD, 'GET', '/api/v1/mailings')).statusCode).toBe(200);
    const denied = await as('ed@example.com', PASSWORD, 'GET', '/api/v1/statistics/opens');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      detail: 'Your role (editor) does not allow this: it needs statistics:read.',
    });
    // A change holds on the next request.
    await t.patch('/api/v1/roles/editor', { permissions: ['statistics:read'] });
    expect(
      (await as('ed@example.com', PASSWORD, 'GET', '/api/v1/statistics/opens')).statusCode,
    ).toBe(200);
    expect((await t.delete('/api/v1/roles/editor')).statusCode).toBe(409);
  });
});

describe('API tokens and /me', () => {
  it('creates a token shown once, accepts it as the Basic password, shows its last use, revokes it', async () => {
    const created = await t.post('/api/v1/users', {
      username: 'crm@example.com',
      password: PASSWORD,
      role: 'analyst',
    });
    const id = created.json<{ id: number }>().id;
    const made = await as('crm@example.com', PASSWORD, 'POST', `/api/v1/users/${id}/tokens`, {
      name: 'Reports',
    });
    expect(made.statusCode).toBe(201);
    const { token, ...shown } = made.json<{ token: string; id: number }>();
    expect(token).toMatch(/^mbt_/);
    expect(shown).toMatchObject({ name: 'Reports', expires: null, last_used: null });

    expect((await as('crm@example.com', token, 'GET', '/api/v1/lists')).statusCode).toBe(200);
    // Written to another user's name, the token is nothing.
    expect((await as(ADMIN.username, token, 'GET', '/api/v1/lists')).statusCode).toBe(401);
    const listed = await as('crm@example.com', PASSWORD, 'GET', `/api/v1/users/${id}/tokens`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: shown.id, name: 'Reports' })]);
    expect(listed.json<{ last_used: string | null }[]>()[0]!.last_used).not.toBeNull();
    expect(listed.body).not.toContain(token);
    // Another user's tokens do not exist for a non-admin; an admin sees them.
    expect(
      (await as('crm@example.com', PASSWORD, 'GET', `/api/v1/users/${t.admin.id}/tokens`))
        .statusCode,
    ).toBe(404);
    expect((await t.get(`/api/v1/users/${id}/tokens`)).json()).toHaveLength(1);

    const revoked = await as(
      'crm@example.com',
      PASSWORD,
      'DELETE',
      `/api/v1/users/${id}/tokens/${shown.id}`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await as('crm@example.com', token, 'GET', '/api/v1/lists')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const res = await t.post(`/api/v1/users/${t.admin.id}/tokens`, {
      name: 'Old',
      expires: '2000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ expires: ['The expiry must be in the future.'] });
  });

  it('says who the caller is and what it may do', async () => {
    await t.post('/api/v1/users', {
      username: 'ana@example.com',
      password: PASSWORD,
      role: 'analyst',
    });
    const me = await as('ana@example.com', PASSWORD, 'GET', '/api/v1/me');
    expect(me.json()).toMatchObject({
      username: 'ana@example.com',
      role: 'analyst',
      lists: null,
      permissions: [...BUILT_IN_ROLES.analyst!],
    });
  });
});
