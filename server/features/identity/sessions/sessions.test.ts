import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { openDatabase } from '../../../db/client.js';
import { sessions } from '../../../db/schema/index.js';
import { usersCommand } from '../../../cli/users-command.js';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { usersRepository } from '../users/repository.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';
import { hashSessionToken } from '../../../lib/browser-sessions.js';

let t: TestContext;
let clock = Date.UTC(2030, 0, 1);
const throttle = new FailedAttemptThrottle(() => clock);
const MINUTE = 60_000;
const lifetime = { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE };
const dashboard = { 'x-mailboard-client': 'dashboard' };

beforeAll(async () => {
  t = await createTestContext({ throttle, sessionLifetime: lifetime });
});
// Every test starts after the throttle windows of the one before.
beforeEach(async () => {
  clock += 2 * 60 * MINUTE;
  await t.reset();
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<typeof t.app.inject>>;

const setCookieOf = (res: Response) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header ?? '']).join('\n');
};
const tokenOf = (res: Response) => /mailboard_session=([^;]*)/.exec(setCookieOf(res))?.[1] ?? '';

async function signIn(
  username = ADMIN.username,
  password = ADMIN.password,
  extra: { headers?: Record<string, string>; remoteAddress?: string; app?: typeof t.app } = {},
) {
  return (extra.app ?? t.app).inject({
    method: 'POST',
    url: '/api/v1/session',
    remoteAddress: extra.remoteAddress,
    headers: { ...dashboard, ...extra.headers },
    payload: { username, password },
  });
}

const withCookie = (
  token: string,
  url = '/api/v1/session',
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' = 'GET',
  headers: Record<string, string> = dashboard,
  payload?: object,
  app = t.app,
) =>
  app.inject({
    method,
    url,
    headers: { cookie: `mailboard_session=${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });

const expectRefused = (res: Response) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: 'Invalid or expired session.' });
  expect(res.headers['www-authenticate']).toBe('Session realm="api"');
};

describe('browser sessions', () => {
  it('exchange a password for an HttpOnly, SameSite=Strict cookie with an opaque token', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: ADMIN.username });
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const token = tokenOf(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(cookie).not.toContain(ADMIN.password);

    // The database keeps a hash of the token, never the token.
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    const hashes = rows.map((r) => r.tokenHash);
    expect(hashes).toContain(hashSessionToken(token));
    expect(hashes).not.toContain(token);

    const who = await withCookie(token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ username: ADMIN.username });
    expect((await withCookie(token, '/api/v1/lists')).statusCode).toBe(200);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const res = await signIn(ADMIN.username, ADMIN.password, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookieOf(res)).toMatch(/; Secure/);
  });

  it('records the session user on writes, as Basic does', async () => {
    const token = tokenOf(await signIn());
    const created = await withCookie(token, '/api/v1/lists', 'POST', dashboard, {
      name: 'By cookie',
      default_from_name: 'A',
      default_from_email: 'a@example.com',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ create_user: t.admin.id, update_user: t.admin.id });
  });

  it('refuses wrong passwords and unknown users alike, and checks the body', async () => {
    const wrong = await signIn(ADMIN.username, 'wrong password');
    const unknown = await signIn('nobody@example.com', 'wrong password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username/password.' });
      // The dashboard's request: no challenge a browser would answer with its own dialog.
      expect(res.headers['www-authenticate']).toBe('Session realm="api"');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: dashboard,
      payload: { username: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['password', 'username']);
    const nul = await signIn(`nul\u0000@example.com`, 'pw');
    expect([400, 401]).toContain(nul.statusCode);
    expect(nul.headers['set-cookie']).toBeUndefined();
  });

  it('end after the idle timeout', async () => {
    const token = tokenOf(await signIn());
    // Activity keeps it alive past the idle timeout…
    clock += 29 * MINUTE;
    expect((await withCookie(token)).statusCode).toBe(200);
    clock += 29 * MINUTE;
    expect((await withCookie(token)).statusCode).toBe(200);
    // …idleness ends it.
    clock += 31 * MINUTE;
    expectRefused(await withCookie(token));
  });

  it('end at the absolute lifetime, however active', async () => {
    const token = tokenOf(await signIn());
    // 24 × 29 minutes = 11 h 36 min of steady use: still signed in…
    for (let i = 0; i < 24; i++) {
      clock += 29 * MINUTE;
      expect((await withCookie(token)).statusCode, `after ${(i + 1) * 29} minutes`).toBe(200);
    }
    // …but 12 hours after sign-in it ends.
    clock += 29 * MINUTE;
    expectRefused(await withCookie(token));
  });

  it('end with sign-out: the old cookie is refused and cleared', async () => {
    const token = tokenOf(await signIn());
    const out = await withCookie(token, '/api/v1/session', 'DELETE');
    expect(out.statusCode).toBe(204);
    expect(setCookieOf(out)).toMatch(/mailboard_session=;.*Expires=Thu, 01 Jan 1970/);
    const again = await withCookie(token, '/api/v1/lists');
    expectRefused(again);
    expect(setCookieOf(again)).toMatch(/mailboard_session=;/);
  });

  it('end when the password changes or the user is removed (npm run users)', async () => {
    const users = usersRepository(t.db);
    await users.create('carol@example.com', 'carol password');
    const carol = tokenOf(await signIn('carol@example.com', 'carol password'));
    const admin = tokenOf(await signIn());
    const io = { readPassword: async () => 'a new password', out: () => {}, err: () => {} };
    expect(await usersCommand(['passwd', 'carol@example.com'], t.db, io)).toBe(0);
    expectRefused(await withCookie(carol));
    // Other users keep theirs.
    expect((await withCookie(admin)).statusCode).toBe(200);

    const again = tokenOf(await signIn('carol@example.com', 'a new password'));
    expect((await withCookie(again)).statusCode).toBe(200);
    expect(await usersCommand(['remove', 'carol@example.com'], t.db, io)).toBe(0);
    expectRefused(await withCookie(again));
  });

  it('keeps the sessions when ADMIN_PASSWORD is set again to the same password at start', async () => {
    const token = tokenOf(await signIn());
    expect(await usersRepository(t.db).ensure(ADMIN.username, ADMIN.password)).toBe('unchanged');
    expect((await withCookie(token)).statusCode).toBe(200);
  });

  it('answer malformed, unknown and expired cookies with 401 and the usual body, never 5xx', async () => {
    const values = [
      '',
      'x',
      '%%%',
      '%E0%A4%A',
      'a'.repeat(43),
      'A'.repeat(42) + '=',
      'é'.repeat(43),
      'x'.repeat(5000),
      '"quoted"',
    ];
    for (const value of values) {
      const res = await withCookie(encodeURIComponent(value) === value ? value : value);
      expect(res.statusCode, value).toBe(401);
      expect(res.json(), value).toHaveProperty('detail');
    }
    // A cookie header that is not even name=value pairs.
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      headers: { cookie: ';;==;mailboard_session', ...dashboard },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('let Basic win over a cookie, so API clients behave as the spec says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      headers: {
        cookie: 'mailboard_session=stale',
        authorization: basic(ADMIN.username, ADMIN.password),
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('are accepted by a second replica over the same database, and revoked there too', async () => {
    const second = t.database.url
      ? await openDatabase({ databaseUrl: t.database.url })
      : t.database;
    const replica = await buildApp({
      database: second,
      throttle: new FailedAttemptThrottle(() => clock),
      sessionLifetime: lifetime,
    });
    try {
      const token = tokenOf(await signIn());
      const there = await withCookie(
        token,
        '/api/v1/session',
        'GET',
        dashboard,
        undefined,
        replica,
      );
      expect(there.statusCode).toBe(200);
      expect(there.json()).toEqual({ username: ADMIN.username });
      expect((await withCookie(token, '/api/v1/session', 'DELETE')).statusCode).toBe(204);
      expectRefused(await withCookie(token, '/api/v1/lists', 'GET', dashboard, undefined, replica));
    } finally {
      await replica.close();
      if (second !== t.database) await second.close();
    }
  });
});

describe('401 challenges', () => {
  it('keep the spec’s Basic challenge for API clients and spare the dashboard the dialog', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/lists' });
    expect(api.statusCode).toBe(401);
    expect(api.headers['www-authenticate']).toBe('Basic realm="api"');
    expect(api.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const spa = await t.app.inject({ method: 'GET', url: '/api/v1/lists', headers: dashboard });
    expect(spa.statusCode).toBe(401);
    expect(spa.headers['www-authenticate']).toBe('Session realm="api"');
    expect(spa.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists/1/imports',
      headers: { ...dashboard, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(multipart.statusCode).toBe(401);
    expect(multipart.headers['www-authenticate']).not.toMatch(/basic/i);
  });
});

describe('CSRF (docs/decisions/api-choices.md)', () => {
  const list = { name: 'Forged', default_from_name: 'A', default_from_email: 'a@example.com' };

  it('refuses cookie-authenticated writes from another site', async () => {
    const token = tokenOf(await signIn());
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { ...dashboard, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { ...dashboard, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await withCookie(token, '/api/v1/lists', 'POST', headers, list);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().detail).toMatch(/^CSRF Failed/);
    }
    const deleted = await withCookie(token, '/api/v1/session', 'DELETE', {
      origin: 'https://evil.example',
    });
    expect(deleted.statusCode).toBe(403);
    expect((await t.get('/api/v1/lists')).json().count).toBe(0);

    const own = await withCookie(
      token,
      '/api/v1/lists',
      'POST',
      {
        ...dashboard,
        'sec-fetch-site': 'same-origin',
      },
      list,
    );
    expect(own.statusCode).toBe(201);
  });

  it('refuses a sign-in another site forges', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in throttle through POST /api/v1/session', () => {
  it('counts session sign-ins and Basic attempts together, per username and address', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 8; i++) throttle.recordFailure(ADMIN.username, ip);
    expect((await signIn(ADMIN.username, 'wrong', { remoteAddress: ip })).statusCode).toBe(401);
    const burst = await Promise.all([
      signIn(ADMIN.username, 'wrong', { remoteAddress: ip }),
      signIn(ADMIN.username, 'wrong', { remoteAddress: ip }),
    ]);
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429]);
    // Past ten failures the pair backs off (1 s, doubling), the right password included.
    const blocked = await signIn(ADMIN.username, ADMIN.password, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The same pair through Basic is blocked too; another address is not.
    const viaBasic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      remoteAddress: ip,
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(viaBasic.statusCode).toBe(429);
    expect(
      (await signIn(ADMIN.username, ADMIN.password, { remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(201);
    clock += 1000;
    expect((await signIn(ADMIN.username, ADMIN.password, { remoteAddress: ip })).statusCode).toBe(
      201,
    );
  });
});
