import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
const dashboard = { 'x-mailboard-client': 'dashboard' };

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE outbox_messages, user_tokens RESTART IDENTITY`);
  await t.db.execute(sql`DELETE FROM users WHERE id <> ${t.admin.id}`);
});
afterAll(() => t.close());

type Mail = { recipient: string; subject: string; text: string; headers: Record<string, string> };

/** The newest outbox message to `to`; resets are mailed after the answer, so wait for it. */
async function mailTo(to: string): Promise<Mail | undefined> {
  for (let i = 0; i < 200; i++) {
    const { rows } = (await t.db.execute(
      sql`SELECT recipient, subject, text, headers FROM outbox_messages WHERE recipient = ${to} ORDER BY id DESC LIMIT 1`,
    )) as unknown as { rows: Mail[] };
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}
const linkIn = (mail: Mail | undefined, path: string) =>
  new RegExp(`https?://[^\\s]+(/${path}/[A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
/** The path of a link an answer carries (`invitation_url`, `password_reset_url`). */
const pathOf = (url: string) => new URL(url).pathname;

const publicPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const basicGet = (username: string, password: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/lists',
    headers: { authorization: basic(username, password) },
  });

describe('invitations', () => {
  it('create a pending user and mail a single-use link that sets the password', async () => {
    const created = await t.post('/api/v1/invitations', { username: 'new@example.com' });
    expect(created.statusCode).toBe(201);
    // The answer carries the link for the inviter (the Outbox never shows it, issue 49).
    const { invitation_url: url, ...invitation } = created.json();
    expect(invitation).toMatchObject({
      username: 'new@example.com',
      invited_by: t.admin.id,
      expired: false,
    });
    expect(invitation.sent_datetime).not.toBeNull();
    expect(Date.parse(invitation.expire_datetime) - Date.parse(invitation.create_datetime)).toBe(
      7 * 24 * 3600_000,
    );
    expect((await t.get('/api/v1/invitations')).json()).toEqual([invitation]);

    const mail = await mailTo('new@example.com');
    expect(mail?.subject).toBe('You are invited to Mailboard');
    expect(mail?.headers).not.toHaveProperty('List-Unsubscribe');
    const link = linkIn(mail, 'invitation')!;
    expect(url).toBe(`http://localhost${link}`);
    const token = link.split('/').at(-1)!;
    // The database keeps only a hash of the link's token.
    const stored = await t.db.execute(sql`SELECT 1 FROM user_tokens WHERE token_hash = ${token}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // Before accepting, the user cannot sign in with anything.
    expect((await basicGet('new@example.com', '')).statusCode).toBe(401);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/v1${link}` });
    expect(lookup.json()).toEqual({ username: 'new@example.com' });
    const short = await publicPost(link, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('password');
    const accepted = await publicPost(link, { password: 'a long new password' });
    expect(accepted.statusCode).toBe(200);
    expect((await basicGet('new@example.com', 'a long new password')).statusCode).toBe(200);
    // Single use, and no longer pending.
    const again = await publicPost(link, { password: 'another password' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'This link is invalid, used or expired.' });
    expect((await t.get('/api/v1/invitations')).json()).toEqual([]);
  });

  it('refuse a taken username and a malformed one with field errors', async () => {
    const taken = await t.post('/api/v1/invitations', { username: ADMIN.username.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: ['A user with this username already exists.'] });
    const bad = await t.post('/api/v1/invitations', { username: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('username');
  });

  it('resend with a new link (the old one stops working) and revoke', async () => {
    const invited = (await t.post('/api/v1/invitations', { username: 'r@example.com' })).json();
    const { id } = invited;
    const first = pathOf(invited.invitation_url);
    const resent = await t.post(`/api/v1/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().id).toBe(id);
    const second = pathOf(resent.json().invitation_url);
    expect(second).toBe(linkIn(await mailTo('r@example.com'), 'invitation'));
    expect(second).not.toBe(first);
    expect((await publicPost(first, { password: 'a long new password' })).statusCode).toBe(404);

    expect((await t.delete(`/api/v1/invitations/${id}`)).statusCode).toBe(204);
    expect((await publicPost(second, { password: 'a long new password' })).statusCode).toBe(404);
    expect((await t.get(`/api/v1/invitations/${id}`)).statusCode).toBe(404);
    // The username is free again.
    expect((await t.post('/api/v1/invitations', { username: 'r@example.com' })).statusCode).toBe(
      201,
    );
  });

  it('links expire after 7 days', async () => {
    const invited = await t.post('/api/v1/invitations', { username: 'late@example.com' });
    const link = pathOf(invited.json().invitation_url);
    await t.db.execute(
      sql`UPDATE user_tokens SET expire_datetime = now() - interval '1 second' WHERE kind = 'invitation'`,
    );
    expect((await publicPost(link, { password: 'a long new password' })).statusCode).toBe(404);
    expect((await t.get('/api/v1/invitations')).json()[0].expired).toBe(true);
  });

  it('are admin routes, and the link routes are public', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/invitations' });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await publicPost(`/invitation/${'A'.repeat(43)}`, {
      password: 'a long new password',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails only the known', async () => {
    const known = await publicPost('/password-reset', { username: ADMIN.username });
    const unknown = await publicPost('/password-reset', { username: 'nobody@example.com' });
    const malformed = await publicPost('/password-reset', { username: 'nobody' });
    for (const res of [known, unknown, malformed]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(known.json());
    }
    expect(linkIn(await mailTo(ADMIN.username), 'password-reset')).toBeDefined();
    expect(await mailTo('nobody@example.com')).toBeUndefined();
  });

  it('sets the password once, ends the user’s sessions, and expires after 30 minutes', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: dashboard,
      payload: ADMIN,
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    await publicPost('/password-reset', { username: ADMIN.username });
    const link = linkIn(await mailTo(ADMIN.username), 'password-reset')!;
    const reset = await publicPost(link, { password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { ...dashboard, cookie },
    });
    expect(old.statusCode).toBe(401);
    expect((await basicGet(ADMIN.username, 'a brand new password')).statusCode).toBe(200);
    expect((await publicPost(link, { password: 'yet another one' })).statusCode).toBe(404);

    // Put the harness's password back through a second link, then let one expire.
    await t.db.execute(sql`TRUNCATE outbox_messages`);
    await publicPost('/password-reset', { username: ADMIN.username });
    const next = linkIn(await mailTo(ADMIN.username), 'password-reset')!;
    const expires = await t.db.execute(
      sql`SELECT expire_datetime - create_datetime AS ttl FROM user_tokens WHERE kind = 'reset'`,
    );
    expect(String((expires as unknown as { rows: { ttl: unknown }[] }).rows[0]!.ttl)).toMatch(
      /30|00:30:00/,
    );
    expect((await publicPost(next, { password: ADMIN.password })).statusCode).toBe(200);
    await t.db.execute(sql`TRUNCATE outbox_messages`);
    await publicPost('/password-reset', { username: ADMIN.username });
    const late = linkIn(await mailTo(ADMIN.username), 'password-reset')!;
    await t.db.execute(
      sql`UPDATE user_tokens SET expire_datetime = now() - interval '1 second' WHERE kind = 'reset'`,
    );
    expect((await publicPost(late, { password: 'too late here' })).statusCode).toBe(404);
  });

  it('is throttled per address and username, unknown addresses alike', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await publicPost('/password-reset', { username: 'ghost@example.com' })).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('sessions of the signed-in user', () => {
  it('lists devices, ends another one, and lets an admin end all of a user’s', async () => {
    const open = (ua: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/session',
        remoteAddress: ip,
        headers: { ...dashboard, 'user-agent': ua },
        payload: ADMIN,
      });
    const firefox = await open(
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      '198.51.100.7',
    );
    await open('curl/8.5.0', '198.51.100.8');
    const cookie = String(firefox.headers['set-cookie']).split(';')[0]!;
    const asFirefox = (method: 'GET' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { ...dashboard, cookie } });
    const list = (await asFirefox('GET', '/api/v1/me/sessions')).json();
    expect(list).toHaveLength(2);
    const mine = list.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ device: 'Firefox on Linux', address: '198.51.100.7' });
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ device: 'curl', address: '198.51.100.8' });

    expect((await asFirefox('DELETE', `/api/v1/me/sessions/${other.id}`)).statusCode).toBe(204);
    expect((await asFirefox('GET', '/api/v1/me/sessions')).json()).toHaveLength(1);
    expect((await asFirefox('DELETE', `/api/v1/me/sessions/999999`)).statusCode).toBe(404);

    expect((await t.delete(`/api/v1/users/${t.admin.id}/sessions`)).statusCode).toBe(204);
    expect((await asFirefox('GET', '/api/v1/me/sessions')).statusCode).toBe(401);
    expect((await t.delete(`/api/v1/users/999999/sessions`)).statusCode).toBe(404);
  });
});
