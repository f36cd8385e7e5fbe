import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let clock = Date.UTC(2030, 0, 1);
const throttle = new FailedAttemptThrottle(() => clock);
const dashboard = { 'x-mailboard-client': 'dashboard' };

beforeAll(async () => {
  t = await createTestContext({ throttle });
});
// Every test starts after the throttle windows and the credential cache have expired.
beforeEach(() => {
  clock += 2 * 60 * 60_000;
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<typeof t.app.inject>>;

const right = basic(ADMIN.username, ADMIN.password);
const wrong = basic(ADMIN.username, 'wrong password');

/** A Basic request from `address`, as a client behind a trusted proxy (X-Forwarded-For). */
const from = (address: string, authorization: string, headers = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/lists',
    headers: { authorization, 'x-forwarded-for': address, ...headers },
  });

/** The dashboard's sign-in from `address`, with the cookies the browser holds. */
const signIn = (address: string, password: string, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: { ...dashboard, 'x-forwarded-for': address },
    cookies,
    payload: { username: ADMIN.username, password },
  });

const cookieOf = (res: Response, name: string) =>
  res.cookies.find((cookie) => cookie.name === name);

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

function expectThrottled(res: Response, seconds?: number) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  if (seconds !== undefined) expect(wait).toBe(seconds);
  expect(wait).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${wait} seconds.`,
  });
}

async function ownToken() {
  const res = await t.post(`/api/v1/users/${t.admin.id}/tokens`, { name: `t${clock}` });
  expect(res.statusCode).toBe(201);
  return basic(ADMIN.username, res.json<{ token: string }>().token);
}

describe('an attacker guessing a password (docs/decisions/api-choices.md)', () => {
  it('locks out neither the user’s API token nor a browser the user signed in from', async () => {
    const token = await ownToken();
    const earlier = await signIn('198.51.100.1', ADMIN.password);
    expect(earlier.statusCode).toBe(201);
    const device = cookieOf(earlier, 'mailboard_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/session' });
    expect(device.maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    const session = cookieOf(earlier, 'mailboard_session')!.value;

    const viaSession = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/lists',
        headers: dashboard,
        cookies: { mailboard_session: session },
      });

    // 120 wrong passwords in an hour, one every 30 s, each from another address. Checked:
    // the 20 free ones, the next 5 (waits of 1 to 16 s are shorter than 30 s), then one
    // after each wait of 32, 64, 128, 256, 512 and 900 s. The rest are answered 429 unchecked.
    const guesses: Response[] = [];
    for (let i = 0; i < 120; i++) {
      guesses.push(await from(`10.9.${i >> 8}.${i & 255}`, wrong));
      // Meanwhile the user keeps working in the session it had: never slowed.
      if (i % 20 === 0) expect((await viaSession()).statusCode).toBe(200);
      clock += 30_000;
    }
    expect(guesses.slice(0, 20).every((r) => r.statusCode === 401)).toBe(true);
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(31);
    for (const res of guesses.filter((r) => r.statusCode !== 401)) expectThrottled(res);
    // The 31st was checked 870 s ago; the next guess waits 900 s after it.
    expectThrottled(await signIn('192.0.2.7', 'another guess'), 30);
    // So does the right password from a browser never used before, or over Basic.
    expectThrottled(await signIn('192.0.2.7', ADMIN.password), 30);
    expectThrottled(await from('192.0.2.7', right), 30);

    // The token answers, from an attacker's address and from anywhere else.
    expect((await from('10.9.0.5', token)).statusCode).toBe(200);
    expect((await from('203.0.113.50', token)).statusCode).toBe(200);
    // The browser it signed in from gets a session, from a new address too…
    const again = await signIn('192.0.2.8', ADMIN.password, { mailboard_device: device.value });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ username: ADMIN.username });
    expect(cookieOf(again, 'mailboard_session')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // …and the session it already had keeps working.
    expect((await viaSession()).statusCode).toBe(200);
  });

  it('does not let ten wrong passwords from one address block the user’s token there', async () => {
    const token = await ownToken();
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.1', wrong)).statusCode).toBe(401);
    expectThrottled(await from('203.0.113.1', wrong), 1);
    expect((await from('203.0.113.1', token)).statusCode).toBe(200);
    // A wrong token is refused as wrong credentials, never slowed, and slows nothing.
    const forged = basic(ADMIN.username, `mbt_${'A'.repeat(43)}`);
    for (let i = 0; i < 30; i++) {
      const res = await from('203.0.113.2', forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username/password.' });
    }
    expect((await from('203.0.113.2', right)).statusCode).toBe(200);
  });

  it('slows guesses past the free ones, doubling the wait, and lets the right password in after it', async () => {
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.3', wrong)).statusCode).toBe(401);
    for (const wait of [1, 2, 4, 8]) {
      expectThrottled(await from('203.0.113.3', wrong), wait);
      // The right password waits too: answered 200 now, it would tell a guess from a miss.
      expectThrottled(await from('203.0.113.3', right), wait);
      clock += wait * 1000;
      expect((await from('203.0.113.3', wrong)).statusCode).toBe(401);
    }
    expectThrottled(await from('203.0.113.3', right), 16);
    // Another address is slowed only once the username has 20 failures (it has 14).
    expect((await from('203.0.113.4', right)).statusCode).toBe(200);
    clock += 16_000;
    expect((await from('203.0.113.3', right)).statusCode).toBe(200);
  });

  it('gives a stolen device cookie ten guesses, then slows it like any other client', async () => {
    const device = cookieOf(await signIn('198.51.100.2', ADMIN.password), 'mailboard_device')!;
    for (let i = 0; i < 30; i++) await from(`10.8.0.${i}`, wrong);
    const stolen = { mailboard_device: device.value };
    for (let i = 0; i < 10; i++) {
      expect((await signIn('192.0.2.9', `guess ${i}`, stolen)).statusCode).toBe(401);
    }
    expectThrottled(await signIn('192.0.2.9', 'guess 10', stolen), 900);
  });

  it('trusts a device cookie only for the username it was issued to, and only as issued', async () => {
    const other = { username: 'other@example.com', password: 'other password!' };
    expect((await t.post('/api/v1/users', { ...other, role: 'analyst' })).statusCode).toBe(201);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: dashboard,
      payload: other,
    });
    const theirs = cookieOf(signedIn, 'mailboard_device')!.value;
    const mine = cookieOf(await signIn('198.51.100.3', ADMIN.password), 'mailboard_device')!.value;
    for (let i = 0; i < 25; i++) await from(`10.7.0.${i}`, wrong);
    const [issued, nonce, mac] = mine.split('.') as [string, string, string];
    const tampered = [
      theirs,
      `${issued}.${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${mac}`,
      `${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${mac}`,
      'garbage',
    ];
    for (const value of tampered) {
      expectThrottled(await signIn('192.0.2.10', ADMIN.password, { mailboard_device: value }));
    }
    const res = await signIn('192.0.2.10', ADMIN.password, { mailboard_device: mine });
    expect(res.statusCode).toBe(201);
  });
});

describe('the password throttle under parallel requests', () => {
  it('lets only as many parallel guesses through as are free', async () => {
    // Eight failures recorded directly (each failure through HTTP costs a full hash), then
    // four parallel guesses: only two may still be checked, the others must wait. (Four
    // different guesses: one password sent four times at once is one guess, checked once.)
    for (let i = 0; i < 8; i++) throttle.recordFailure(ADMIN.username, '203.0.113.5');
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) => from('203.0.113.5', basic(ADMIN.username, `wrong ${i}`))),
    );
    expect(statuses(burst)).toEqual([401, 401, 429, 429]);
    // X-Forwarded-For is believed only from a trusted proxy (here: this host).
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lists',
      remoteAddress: '203.0.113.5',
      headers: { authorization: right, 'x-forwarded-for': '198.51.100.99' },
    });
    expectThrottled(spoofed, 1);
  });

  it('counts unknown usernames the same way', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await from('203.0.113.6', basic('ghost@example.com', `x${i}`))).statusCode).toBe(401);
    }
    expectThrottled(await from('203.0.113.6', basic('ghost@example.com', 'x')), 1);
  });

  it('answers 20 parallel requests with the right password on a cold cache, all of them', async () => {
    // Nine failures already: one more provisional failure per request would slow the pair.
    for (let i = 0; i < 9; i++) throttle.recordFailure(ADMIN.username, '203.0.113.9');
    const burst = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.9', right)));
    expect(statuses(burst)).toEqual(Array.from({ length: 20 }, () => 200));
    // Then a wrong password is still the tenth failure, and slows the pair.
    expect((await from('203.0.113.9', wrong)).statusCode).toBe(401);
    expectThrottled(await from('203.0.113.9', right), 1);
  });
});
