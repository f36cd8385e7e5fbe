import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';

/**
 * Issue 49, finding 1: without SMTP_URL, reset and invitation mails land in the Outbox, and an
 * analyst or a marketer read their links there and became admin. System mail is now found
 * only by users:manage holders, and only with its tokens redacted; the admin who invites or
 * resets gets the link in that answer.
 */
let t: TestContext;
const PASSWORD = 'a long enough password';
const TOKEN = /[A-Za-z0-9_-]{43}/;

beforeAll(async () => {
  t = await createTestContext();
});
// Usernames differ between tests: a user removed here may still be in the one-minute
// credential cache under its old id.
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE outbox_messages, user_tokens RESTART IDENTITY`);
  await t.db.execute(sql`DELETE FROM users WHERE id <> ${t.admin.id}`);
});
afterAll(() => t.close());

const as = (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: basic(username, PASSWORD) },
    ...(payload ? { payload } : {}),
  });
const publicPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function createUser(username: string, role: string) {
  const res = await t.post('/api/v1/users', { username, password: PASSWORD, role });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

type Stored = { id: number; recipient: string; text: string; html: string; kind: string };
/** The stored rows to `to` (as the recipient would get them); resets leave after the answer. */
async function storedTo(to: string, count = 1): Promise<Stored[]> {
  for (let i = 0; i < 300; i++) {
    const { rows } = (await t.db.execute(
      sql`SELECT id, recipient, text, html, kind FROM outbox_messages WHERE recipient = ${to} ORDER BY id`,
    )) as unknown as { rows: Stored[] };
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no mail to ${to}`);
}
const pathOf = (url: string) => new URL(url).pathname;

describe('system mail in the Outbox', () => {
  it('is never found by an analyst or a marketer: not listed, counted, searched or read', async () => {
    await createUser('analyst@example.com', 'analyst');
    await createUser('marketer@example.com', 'marketer');
    // The attack as written: a reset for the admin, and a pending invitation (as admin).
    const reset = await publicPost('/api/v1/password-reset', { username: ADMIN.username });
    expect(reset.statusCode).toBe(202);
    expect((await t.post('/api/v1/invitations', { username: 'new@example.com' })).statusCode).toBe(
      201,
    );
    const [resetMail] = await storedTo(ADMIN.username);
    const [invitationMail] = await storedTo('new@example.com');
    expect([resetMail!.kind, invitationMail!.kind]).toEqual(['system', 'system']);
    // A test message, as today: shown to the same users with its text as sent.
    const list = await createList(t);
    const test = await t.post(`/api/v1/lists/${list}/test-messages`, {
      email: 'tester@example.com',
      variant: { subject: 'Spring', layout: { text: 'Hello: https://example.org/sale' } },
    });
    expect(test.statusCode).toBe(202);

    for (const who of ['analyst@example.com', 'marketer@example.com']) {
      const page = await as(who, 'GET', '/api/v1/outbox');
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ count: 1 });
      expect(page.json().results).toEqual([
        expect.objectContaining({ to: 'tester@example.com', subject: 'Spring', kind: 'test' }),
      ]);
      for (const search of [ADMIN.username, 'new@example.com', 'Mailboard', 'password']) {
        const found = await as(who, 'GET', `/api/v1/outbox?search=${encodeURIComponent(search)}`);
        expect(found.json()).toMatchObject({ count: 0, results: [] });
      }
      for (const mail of [resetMail!, invitationMail!]) {
        const read = await as(who, 'GET', `/api/v1/outbox/${mail.id}`);
        expect(read.statusCode).toBe(404);
        expect(read.json()).toEqual({ detail: 'Not found.' });
      }
      const shown = (await as(who, 'GET', `/api/v1/outbox/${page.json().results[0].id}`)).json();
      expect(shown).toMatchObject({ kind: 'test', redacted: false });
      expect(shown.text).toContain('Hello: https://example.org/sale');
    }
  });

  it('is shown to an admin with every token redacted', async () => {
    await publicPost('/api/v1/password-reset', { username: ADMIN.username });
    await t.post('/api/v1/invitations', { username: 'new@example.com' });
    const stored = [...(await storedTo(ADMIN.username)), ...(await storedTo('new@example.com'))];

    const page = (await t.get('/api/v1/outbox')).json();
    expect(page.count).toBe(2);
    expect(page.results.map((m: { kind: string }) => m.kind)).toEqual(['system', 'system']);
    expect((await t.get(`/api/v1/outbox?search=${ADMIN.username}`)).json().count).toBe(1);
    for (const mail of stored) {
      const token = TOKEN.exec(mail.text)![0];
      const res = await t.get(`/api/v1/outbox/${mail.id}`);
      expect(res.statusCode).toBe(200);
      const shown = res.json();
      expect(shown).toMatchObject({ to: mail.recipient, kind: 'system', redacted: true });
      for (const part of [shown.text, shown.html]) {
        expect(part).not.toContain(token);
        expect(part).not.toMatch(TOKEN);
        expect(part).toMatch(/http:\/\/localhost\/(invitation|password-reset)\/\[redacted\]/);
      }
    }
  });

  it('keeps the counts of both audiences as messages come and go', async () => {
    await createUser('counting-analyst@example.com', 'analyst');
    await t.db.execute(sql`
      INSERT INTO outbox_messages (recipient, sender, subject, message_id, headers, html, text, kind)
      SELECT 'r' || i || '@x.test', 's@x.test', 'S', '<m' || i || '>', '{}'::jsonb, '', '',
             CASE WHEN i % 3 = 0 THEN 'system' ELSE 'delivery' END
        FROM generate_series(1, 30) AS i`);
    const counts = async () => [
      (await t.get('/api/v1/outbox')).json().count,
      (await as('counting-analyst@example.com', 'GET', '/api/v1/outbox')).json().count,
    ];
    expect(await counts()).toEqual([30, 20]);
    await t.db.execute(sql`DELETE FROM outbox_messages WHERE id <= 6`);
    expect(await counts()).toEqual([24, 16]);
    await t.db.execute(sql`UPDATE outbox_messages SET kind = 'system' WHERE id = 7`);
    expect(await counts()).toEqual([24, 15]);
    await t.db.execute(sql`TRUNCATE outbox_messages`);
    expect(await counts()).toEqual([0, 0]);
  });
});

describe('links for the admin to pass on', () => {
  it('inviting answers the invitation link, by /invitations and by /users without a password', async () => {
    const invited = await t.post('/api/v1/invitations', { username: 'new@example.com' });
    const url = invited.json().invitation_url as string;
    expect(url).toMatch(/^http:\/\/localhost\/invitation\/[A-Za-z0-9_-]{43}$/);
    // The mail carries the same link.
    expect((await storedTo('new@example.com'))[0]!.text).toContain(url);
    const resent = await t.post(`/api/v1/invitations/${invited.json().id}/resend`);
    const again = resent.json().invitation_url as string;
    expect(again).not.toBe(url);
    expect((await publicPost(`/api/v1${pathOf(url)}`, { password: PASSWORD })).statusCode).toBe(
      404,
    );
    expect((await publicPost(`/api/v1${pathOf(again)}`, { password: PASSWORD })).json()).toEqual({
      username: 'new@example.com',
    });

    const user = await t.post('/api/v1/users', { username: 'ann@example.com', role: 'analyst' });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({ username: 'ann@example.com', role: 'analyst' });
    const accepted = await publicPost(`/api/v1${pathOf(user.json().invitation_url)}`, {
      password: PASSWORD,
    });
    expect(accepted.json()).toEqual({ username: 'ann@example.com' });
    const me = await as('ann@example.com', 'GET', '/api/v1/me');
    expect(me.json()).toMatchObject({ username: 'ann@example.com', role: 'analyst' });
    // With a password the user is created at once: no link.
    const direct = await t.post('/api/v1/users', { username: 'b@example.com', password: PASSWORD });
    expect(direct.json()).not.toHaveProperty('invitation_url');
  });

  it('an admin makes a reset link for a user, which is also mailed to the user', async () => {
    const id = await createUser('reset-analyst@example.com', 'analyst');
    const res = await t.post(`/api/v1/users/${id}/password-reset`);
    expect(res.statusCode).toBe(201);
    const url = res.json().password_reset_url as string;
    expect(res.json()).toEqual({ password_reset_url: url });
    expect(url).toMatch(/^http:\/\/localhost\/password-reset\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await storedTo('reset-analyst@example.com');
    expect(mail!.text).toContain(url);
    const set = await publicPost(`/api/v1${pathOf(url)}`, { password: 'the new password' });
    expect(set.json()).toEqual({ username: 'reset-analyst@example.com' });
    const signIn = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: basic('reset-analyst@example.com', 'the new password') },
    });
    expect(signIn.statusCode).toBe(200);

    const unknown = await t.post('/api/v1/users/999999/password-reset');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const pending = (await t.post('/api/v1/users', { username: 'p@example.com' })).json();
    const refused = await t.post(`/api/v1/users/${pending.id}/password-reset`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'p@example.com has not accepted the invitation yet: resend the invitation instead.',
    });
  });

  it('is refused to those who do not manage users, and above one’s own role', async () => {
    await createUser('refused-analyst@example.com', 'analyst');
    const forbidden = await as(
      'refused-analyst@example.com',
      'POST',
      `/api/v1/users/${t.admin.id}/password-reset`,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toContain('users:manage');
    await t.post('/api/v1/roles', { name: 'team-lead', permissions: ['users:manage'] });
    await createUser('lead@example.com', 'team-lead');
    const above = await as(
      'lead@example.com',
      'POST',
      `/api/v1/users/${t.admin.id}/password-reset`,
    );
    expect(above.statusCode).toBe(403);
    expect(above.json()).toHaveProperty('detail');
    expect(await t.db.execute(sql`SELECT 1 FROM user_tokens WHERE kind = 'reset'`)).toMatchObject({
      rows: [],
    });
  });
});
