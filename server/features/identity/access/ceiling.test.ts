import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';

/**
 * Issue 49's finding 8 and the last-admin race, performed as written through HTTP only: a
 * holder of `users:manage` cannot give, or act on, anything beyond what it holds.
 */
let t: TestContext;
const PASSWORD = 'a long enough password';
const MANAGER = 'manager@x.test';
let listA = 0;
let listB = 0;
let managerId = 0;

const send = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: basic(who, PASSWORD) },
    ...(body ? { payload: body } : {}),
  });

async function user(username: string, body: object) {
  const res = await t.post('/api/v1/users', { username, password: PASSWORD, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await createTestContext();
  const list = async (name: string) =>
    (
      await t.post('/api/v1/lists', {
        name,
        default_from_name: 'Team',
        default_from_email: 'team@example.com',
      })
    ).json<{ id: number }>().id;
  listA = await list('A');
  listB = await list('B');
  await t.post('/api/v1/roles', {
    name: 'reader',
    permissions: ['lists:read', 'subscribers:read'],
  });
  await t.post('/api/v1/roles', {
    name: 'user-manager',
    permissions: ['lists:read', 'subscribers:read', 'users:manage'],
  });
  managerId = await user(MANAGER, {
    role: 'user-manager',
    lists: [{ list: listA, access: 'manage' }],
  });
});
afterAll(() => t.close());

const detail = (res: { json: () => unknown }) => (res.json() as { detail: string }).detail;

describe('users:manage has a ceiling (issue 49 finding 8)', () => {
  it('cannot raise its own role nor lift its own list limits', async () => {
    const raise = await send(MANAGER, 'PATCH', `/api/v1/users/${managerId}`, { role: 'admin' });
    expect(raise.statusCode).toBe(403);
    expect(detail(raise)).toMatch(/cannot give the role "admin".*settings:manage/);
    const lift = await send(MANAGER, 'PATCH', `/api/v1/users/${managerId}`, { lists: null });
    expect(lift.statusCode).toBe(403);
    expect(detail(lift)).toMatch(/limited to some lists/);
    const widen = await send(MANAGER, 'PATCH', `/api/v1/users/${managerId}`, {
      lists: [
        { list: listA, access: 'manage' },
        { list: listB, access: 'manage' },
      ],
    });
    expect(widen.statusCode).toBe(400);
    expect(widen.json()).toEqual({ lists: [`Invalid pk "${listB}" - object does not exist.`] });
    const me = await send(MANAGER, 'GET', '/api/v1/me');
    expect(me.json()).toMatchObject({
      role: 'user-manager',
      lists: [{ list: listA, access: 'manage' }],
    });
  });

  it('cannot create a user, an invitation or a role beyond its own', async () => {
    const admin = await send(MANAGER, 'POST', '/api/v1/users', {
      username: 'accomplice@x.test',
      password: PASSWORD,
      role: 'admin',
      lists: [{ list: listA, access: 'manage' }],
    });
    expect(admin.statusCode).toBe(403);
    const everyList = await send(MANAGER, 'POST', '/api/v1/users', {
      username: 'accomplice@x.test',
      password: PASSWORD,
      role: 'support',
    });
    expect(everyList.statusCode).toBe(403);
    const invited = await send(MANAGER, 'POST', '/api/v1/invitations', {
      username: 'accomplice@x.test',
    });
    expect(invited.statusCode).toBe(403);
    const role = await send(MANAGER, 'POST', '/api/v1/roles', {
      name: 'stepping-stone',
      permissions: ['users:manage', 'settings:manage'],
    });
    expect(role.statusCode).toBe(403);
    expect(detail(role)).toMatch(/settings:manage/);
    const users = (await t.get('/api/v1/users')).json<{ username: string }[]>();
    expect(users.map((u) => u.username)).not.toContain('accomplice@x.test');
    // Within its own: a reader of list A.
    const ok = await send(MANAGER, 'POST', '/api/v1/users', {
      username: 'helper@x.test',
      password: PASSWORD,
      role: 'reader',
      lists: [{ list: listA, access: 'read' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('cannot change, remove or sign out a user who holds more than it does', async () => {
    const admin = (await t.get('/api/v1/users'))
      .json<{ id: number; username: string }[]>()
      .find((u) => u.username === ADMIN.username)!;
    for (const [method, url, body] of [
      ['PATCH', `/api/v1/users/${admin.id}`, { password: 'taken over 123' }],
      ['DELETE', `/api/v1/users/${admin.id}`, undefined],
      ['DELETE', `/api/v1/users/${admin.id}/sessions`, undefined],
      ['GET', `/api/v1/users/${admin.id}/tokens`, undefined],
    ] as const) {
      const res = await send(MANAGER, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(detail(res)).toMatch(/holds permissions or lists you do not/);
    }
    expect((await t.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('cannot resend or withdraw an invitation to a role beyond its own', async () => {
    const invited = await t.post('/api/v1/invitations', { username: 'new-admin@x.test' });
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json<{ id: number }>();
    const resend = await send(MANAGER, 'POST', `/api/v1/invitations/${id}/resend`);
    expect(resend.statusCode).toBe(403);
    expect(resend.body).not.toMatch(/invitation\//);
    const withdraw = await send(MANAGER, 'DELETE', `/api/v1/invitations/${id}`);
    expect(withdraw.statusCode).toBe(403);
    expect((await t.get(`/api/v1/invitations/${id}`)).statusCode).toBe(200);
    expect((await send(MANAGER, 'DELETE', '/api/v1/invitations/999999')).statusCode).toBe(404);
  });

  it('never mints an API token for another user, even one below it', async () => {
    const helper = (await t.get('/api/v1/users'))
      .json<{ id: number; username: string }[]>()
      .find((u) => u.username === 'helper@x.test')!;
    const res = await send(MANAGER, 'POST', `/api/v1/users/${helper.id}/tokens`, {
      name: 'Backdoor',
      expires: null,
    });
    expect(res.statusCode).toBe(403);
    expect(detail(res)).toMatch(/made by the user it belongs to/);
    // The admin cannot either: a token acts as its user, past its second factor.
    const byAdmin = await t.post(`/api/v1/users/${helper.id}/tokens`, { name: 'x', expires: null });
    expect(byAdmin.statusCode).toBe(403);
    expect((await send(MANAGER, 'GET', `/api/v1/users/${helper.id}/tokens`)).json()).toEqual([]);
  });
});

describe('the audit log names the token of a write (issue 49)', () => {
  it('records the token id and name', async () => {
    const made = await send(MANAGER, 'POST', `/api/v1/users/${managerId}/tokens`, {
      name: 'Nightly sync',
      expires: null,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json<{ id: number; token: string }>();
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${managerId}`,
      headers: { authorization: basic(MANAGER, token) },
      payload: { active: true },
    });
    expect(write.statusCode, write.body).toBe(200);
    await t.app.auditWritten();
    const audit = await t.get(`/api/v1/audit?user=${managerId}&resource_type=users`);
    expect(audit.json<{ results: unknown[] }>().results[0]).toMatchObject({
      username: MANAGER,
      token: id,
      token_name: 'Nightly sync',
      method: 'PATCH',
    });
  });
});

describe('an admin always remains (issue 49 finding 10)', () => {
  it('two admins demoting each other at once leave one admin', async () => {
    const second = await user('second-admin@x.test', { role: 'admin' });
    const first = (await t.get('/api/v1/users'))
      .json<{ id: number; username: string }[]>()
      .find((u) => u.username === ADMIN.username)!.id;
    // Each request also sets a password, which makes it slow: the race the finding saw.
    const demote = (who: string, password: string, id: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers: { authorization: basic(who, password) },
        payload: { role: 'support', password: 'another password 1' },
      });
    const answers = await Promise.all([
      demote(ADMIN.username, ADMIN.password, second),
      demote('second-admin@x.test', PASSWORD, first),
    ]);
    // One wins; the other is refused: as the last admin (409), or, when the winner came
    // first, for its caller's new role (403) or new password (401).
    const codes = answers.map((a) => a.statusCode).sort();
    expect([
      [200, 409],
      [200, 403],
      [200, 401],
    ]).toContainEqual(codes);
    const admins = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND active AND password_hash <> ''`,
    );
    expect(admins[0]!.n).toBe(1);
  });
});
