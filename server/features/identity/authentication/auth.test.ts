import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usersRepository, type User } from '../users/repository.js';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let clock = Date.UTC(2030, 0, 1);
let second: User;
const SECOND = { username: 'second@example.com', password: 'second password' };

beforeAll(async () => {
  t = await createTestContext({ throttle: new FailedAttemptThrottle(() => clock) });
  second = await usersRepository(t.db).create(SECOND.username, SECOND.password);
});
// Every test starts after the throttle windows and the credential cache have expired.
beforeEach(async () => {
  clock += 2 * 60 * 60_000;
  await t.reset();
});
afterAll(() => t.close());

const as = (authorization: string | undefined, url = '/api/v1/lists', method = 'GET') =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: authorization === undefined ? {} : { authorization },
  });

const b64 = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64');

function expectChallenge(res: Awaited<ReturnType<typeof as>>, detail: string) {
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Basic realm="api"');
  expect(res.json()).toEqual({ detail });
}

describe('Basic authentication', () => {
  it('lets valid credentials in, with a case-insensitive scheme and username', async () => {
    expect((await as(basic(ADMIN.username, ADMIN.password))).statusCode).toBe(200);
    expect((await as(`basic ${b64(`ADMIN@example.com:${ADMIN.password}`)}`)).statusCode).toBe(200);
  });

  it('challenges requests without credentials on every /api/ endpoint and method', async () => {
    const targets: [string, string][] = [
      ['/api/v1/lists', 'GET'],
      ['/api/v1/lists', 'POST'],
      ['/api/v1/lists/1', 'DELETE'],
      ['/api/v1/lists/1/subscribers', 'OPTIONS'],
      ['/api/v1/regions/DE', 'GET'],
      ['/api/v1/languages', 'GET'],
      ['/api/v1/no-such-thing', 'GET'],
      // The router decodes %61 to "a": the check must not be fooled by the raw URL.
      ['/%61pi/v1/lists', 'GET'],
      ['/api/v1/lists?page=1', 'GET'],
    ];
    for (const [url, method] of targets) {
      expectChallenge(
        await as(undefined, url, method),
        'Authentication credentials were not provided.',
      );
    }
    expectChallenge(await as('   '), 'Authentication credentials were not provided.');
  });

  it('answers garbage Authorization headers with 401, never 5xx', async () => {
    const garbage = [
      'Basic',
      'Basic ',
      'Basic !!!',
      'Bearer x',
      'Digest username="admin@example.com"',
      `Basic ${b64('no-colon-here')}`,
      `Basic ${b64(`:${ADMIN.password}`)}`,
      `Basic ${b64(Buffer.from([0xff, 0xfe, 0x3a, 0x41]))}`,
      `Basic ${b64(`nul\u0000@example.com:pw`)}`,
      `Basic ${b64(`${ADMIN.username}:pass\u0000word`)}`,
      `Basic ${b64(`${'a'.repeat(300)}@example.com:pw`)}`,
      `Basic ${'QUFB'.repeat(50_000)}`,
      `Basic ${b64(`${ADMIN.username}:${ADMIN.password}`)} trailing`,
      'Basic é',
    ];
    for (const header of garbage) {
      expectChallenge(await as(header), 'Invalid username/password.');
    }
  });

  it('reads a username sent with its @ percent-encoded as %40 (curl -u, URL.username)', async () => {
    const encoded = ADMIN.username.replace('@', '%40');
    expect((await as(basic(encoded, ADMIN.password))).statusCode).toBe(200);
    expect(
      (await as(basic(ADMIN.username.replace('@', '%40').toUpperCase(), ADMIN.password)))
        .statusCode,
    ).toBe(200);
    expectChallenge(await as(basic(encoded, 'wrong password')), 'Invalid username/password.');
    // Decoding never smuggles in what the raw header may not carry.
    expectChallenge(await as(basic('nul%00%40example.com', 'pw')), 'Invalid username/password.');
    expectChallenge(await as(basic('bad%E0%40example.com', 'pw')), 'Invalid username/password.');
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const wrong = await as(basic(ADMIN.username, 'wrong password'));
    const unknown = await as(basic('nobody@example.com', 'wrong password'));
    expectChallenge(wrong, 'Invalid username/password.');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    const { date: _a, ...wrongHeaders } = wrong.headers;
    const { date: _b, ...unknownHeaders } = unknown.headers;
    expect(unknownHeaders).toEqual(wrongHeaders);
  });

  it('leaves non-API paths public', async () => {
    const res = await as(undefined, '/media/layouts/1/missing.png');
    expect(res.statusCode).toBe(404);
  });
});

describe('credential cache', () => {
  it('trusts a verified header only while the user’s password is the one it was checked against', async () => {
    const users = usersRepository(t.db);
    const header = basic(SECOND.username, SECOND.password);
    expect((await as(header)).statusCode).toBe(200);
    // Keyed by the whole header: another password is not let in by the cached one.
    expectChallenge(await as(basic(SECOND.username, 'guess')), 'Invalid username/password.');
    await users.setPassword(SECOND.username, 'a new password');
    try {
      // Well within the cache's lifetime, the old password is refused on the next request.
      clock += 1_000;
      expectChallenge(await as(header), 'Invalid username/password.');
      const renewed = basic(SECOND.username, 'a new password');
      expect((await as(renewed)).statusCode).toBe(200);
      clock += 61_000;
      expect((await as(renewed)).statusCode).toBe(200);
    } finally {
      await users.setPassword(SECOND.username, SECOND.password);
    }
  });
});

describe('create_user and update_user', () => {
  it('record the authenticated caller', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { authorization: basic(SECOND.username, SECOND.password) },
      payload: { name: 'By second', default_from_name: 'S', default_from_email: 's@example.com' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ create_user: second.id, update_user: second.id });
    expect(second.id).not.toBe(t.admin.id);

    const updated = await t.patch(`/api/v1/lists/${created.json().id}`, { name: 'By admin' });
    expect(updated.json()).toMatchObject({ create_user: second.id, update_user: t.admin.id });
  });
});
