import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usersRepository } from '../users/repository.js';
import { twoFactorRepository } from './repository.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';
import { browserOf, codeFor, cookiesOf } from './test-support.js';

let t: TestContext;
let browser: ReturnType<typeof browserOf>;

beforeAll(async () => {
  t = await createTestContext();
  browser = browserOf(t.app);
});
beforeEach(async () => {
  await t.db.execute(
    sql`TRUNCATE two_factor, two_factor_failures, recovery_codes, two_factor_required_roles, user_tokens, sessions`,
  );
  // The admin acts through a session: a Basic password stops working once enrolled.
  adminCookie = cookiesOf(await password());
});

let adminCookie = '';
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  browser.withCookie(adminCookie, method, url, payload);
afterAll(() => t.close());

const enrol = () => browser.enrol(adminCookie);
const password = () => browser.password();
const secondStep = (cookie: string, code: string) => browser.secondStep(cookie, code);

describe('two-factor sign-in', () => {
  it('asks for a code after the password, accepts a current TOTP code once', async () => {
    const { secret } = await enrol();
    expect((await asAdmin('GET', '/api/v1/me/two-factor')).json()).toEqual({
      enrolled: true,
      required: false,
      recovery_codes_left: 10,
    });

    const first = await password();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor: 'code' });
    const challenge = cookiesOf(first);
    expect(challenge).toMatch(/^mailboard_sign_in=/);
    expect(challenge).not.toMatch(/mailboard_session/);

    const wrong = await secondStep(challenge, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['The code is not correct.'] });
    const code = codeFor(secret);
    const signedIn = await secondStep(challenge, code);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toEqual({ username: ADMIN.username });
    expect(cookiesOf(signedIn)).toMatch(/mailboard_session=/);
    // The challenge is used up, and the same code does not work twice.
    expect((await secondStep(challenge, code)).statusCode).toBe(401);
    const again = cookiesOf(await password());
    expect((await secondStep(again, code)).statusCode).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const { codes } = await enrol();
    const challenge = cookiesOf(await password());
    expect((await secondStep(challenge, codes[0]!.toUpperCase())).statusCode).toBe(201);
    const next = cookiesOf(await password());
    expect((await secondStep(next, codes[0]!)).statusCode).toBe(400);
    expect((await secondStep(next, codes[1]!)).statusCode).toBe(201);
    expect((await asAdmin('GET', '/api/v1/me/two-factor')).json().recovery_codes_left).toBe(8);
  });

  it('refuses the password over Basic once enrolled, and can be turned off with the password and a code', async () => {
    const other = 'basic-user@example.com';
    await usersRepository(t.db).create(other, 'basic user password');
    const auth = { authorization: basic(other, 'basic user password') };
    // Enrolled before the user's first Basic request (a verified header is cached a minute).
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const user = await usersRepository(t.db).findByUsername(other);
    const repo = twoFactorRepository(t.db);
    await repo.begin(user!.id, secret);
    expect(await repo.confirm(user!.id, codeFor(secret), new Date())).toHaveLength(10);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/lists', headers: auth });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/API token/);

    // The admin (no second factor) turns it on and off for themselves.
    const mine = await enrol();
    const turnOff = (code: string) =>
      asAdmin('DELETE', '/api/v1/me/two-factor', { password: ADMIN.password, code });
    const wrong = await turnOff('111111');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['The code is not correct.'] });
    const off = await turnOff(mine.codes[3]!);
    expect(off.statusCode).toBe(204);
    expect((await password()).statusCode).toBe(201);
  });

  it('asks users of a role that requires it to enrol at sign-in', async () => {
    expect((await asAdmin('GET', '/api/v1/settings/two-factor')).json()).toEqual({
      required_roles: [],
    });
    // Another role's rule leaves the admin alone.
    await asAdmin('PUT', '/api/v1/settings/two-factor', { required_roles: ['support'] });
    expect((await asAdmin('GET', '/api/v1/lists')).statusCode).toBe(200);
    expect((await password()).json()).toEqual({ username: ADMIN.username });
    const put = await asAdmin('PUT', '/api/v1/settings/two-factor', {
      required_roles: ['admin', 'admin'],
    });
    expect(put.json()).toEqual({ required_roles: ['admin'] });
    const signIn = await password();
    expect(signIn.statusCode).toBe(201);
    expect(signIn.json()).toEqual({ username: ADMIN.username, two_factor: 'enrol' });
    expect((await asAdmin('GET', '/api/v1/me/two-factor')).json().required).toBe(true);
    adminCookie = cookiesOf(signIn);
    expect((await asAdmin('GET', '/api/v1/session')).json()).toEqual({
      username: ADMIN.username,
      two_factor: 'enrol',
    });

    // Until it is set up, a password (session or Basic) reaches only the way to set it up.
    const blocked = await asAdmin('GET', '/api/v1/lists');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail: expect.stringContaining('requires two-factor sign-in'),
      code: 'two_factor_required',
    });
    expect(
      (await asAdmin('PUT', '/api/v1/settings/two-factor', { required_roles: [] })).statusCode,
    ).toBe(403);
    expect((await t.get('/api/v1/lists')).statusCode).toBe(403);
    expect((await asAdmin('GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/v1/me/sessions')).statusCode).toBe(200);
    await enrol();
    expect((await asAdmin('GET', '/api/v1/lists')).statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/v1/session')).json()).toEqual({ username: ADMIN.username });
    expect(
      (await asAdmin('PUT', '/api/v1/settings/two-factor', { required_roles: 'admin' })).statusCode,
    ).toBe(400);
  });

  it('keeps API tokens working for a user who must still set it up', async () => {
    const me = (await asAdmin('GET', '/api/v1/me')).json();
    const token = await asAdmin('POST', `/api/v1/users/${me.id}/tokens`, { name: 'CI' });
    expect(token.statusCode).toBe(201);
    await asAdmin('PUT', '/api/v1/settings/two-factor', { required_roles: ['admin'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      headers: { authorization: basic(ADMIN.username, token.json().token) },
    });
    expect(res.statusCode).toBe(200);
  });
});
