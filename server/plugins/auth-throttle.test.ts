import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FailedAttemptThrottle } from '../features/users/throttle.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../test/harness.js';

let t: TestContext;
let clock = Date.UTC(2030, 0, 1);
const throttle = new FailedAttemptThrottle(() => clock);

beforeAll(async () => {
  t = await createTestContext({ throttle });
});
// Every test starts after the throttle windows and the credential cache have expired.
beforeEach(() => {
  clock += 2 * 60 * 60_000;
});
afterAll(() => t.close());

const right = basic(ADMIN.username, ADMIN.password);
const wrong = basic(ADMIN.username, 'wrong password');

const from = (remoteAddress: string, authorization: string, headers = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/lists',
    remoteAddress,
    headers: { authorization, ...headers },
  });

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

describe('failed sign-in throttle (docs/architecture.md §4)', () => {
  it('blocks a username and address after 10 failures in 15 minutes, even parallel ones', async () => {
    // Eight failures recorded directly (each failure through HTTP costs a full hash), then
    // four parallel guesses: only two may still be checked, the others must wait. (Four
    // different guesses: one password sent four times at once is one guess, checked once.)
    for (let i = 0; i < 8; i++) throttle.recordFailure(ADMIN.username, '203.0.113.1');
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) => from('203.0.113.1', basic(ADMIN.username, `wrong ${i}`))),
    );
    expect(statuses(burst)).toEqual([401, 401, 429, 429]);

    // The right password is refused too while the pair is blocked…
    const blocked = await from('203.0.113.1', right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json()).toEqual({
      detail: 'Request was throttled. Expected available in 900 seconds.',
    });
    // …including when it pretends to come from elsewhere: X-Forwarded-For is only trusted
    // from a proxy on this host.
    const spoofed = await from('203.0.113.1', right, { 'x-forwarded-for': '198.51.100.99' });
    expect(spoofed.statusCode).toBe(429);

    // Another address, and the same address for another username, are not affected.
    expect((await from('203.0.113.2', right)).statusCode).toBe(200);
    expect((await from('203.0.113.1', basic('other@example.com', 'pw'))).statusCode).toBe(401);

    clock += 14 * 60_000;
    expect((await from('203.0.113.1', right)).headers['retry-after']).toBe('60');
    clock += 60_000;
    expect((await from('203.0.113.1', right)).statusCode).toBe(200);
  });

  it('counts unknown usernames the same way', async () => {
    const ghost = basic('ghost@example.com', 'wrong password');
    for (let i = 0; i < 7; i++) throttle.recordFailure('ghost@example.com', '203.0.113.3');
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) => from('203.0.113.3', basic('ghost@example.com', `x${i}`))),
    );
    expect(statuses(burst)).toEqual([401, 401, 401, 429]);
    const blocked = await from('203.0.113.3', ghost);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
  });

  it('blocks a username from every address after 100 failures in an hour', async () => {
    // 99 failures from 99 addresses recorded directly (each HTTP failure costs a full hash),
    // the 100th through HTTP.
    for (let i = 0; i < 99; i++)
      throttle.recordFailure(ADMIN.username, `10.0.${i >> 8}.${i & 255}`);
    expect((await from('192.0.2.1', wrong)).statusCode).toBe(401);

    const blocked = await from('192.0.2.200', right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('3600');
    // The username is blocked, not the address or other users.
    expect((await from('192.0.2.200', basic('nobody@example.com', 'x'))).statusCode).toBe(401);

    clock += 60 * 60_000;
    expect((await from('192.0.2.200', right)).statusCode).toBe(200);
  });

  it('answers 20 parallel requests with the right password on a cold cache, all of them', async () => {
    // Nine failures already: one more provisional failure per request would block the pair.
    for (let i = 0; i < 9; i++) throttle.recordFailure(ADMIN.username, '203.0.113.9');
    const burst = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.9', right)));
    expect(statuses(burst)).toEqual(Array.from({ length: 20 }, () => 200));
    // Then a wrong password is still the tenth failure, and blocks.
    expect((await from('203.0.113.9', wrong)).statusCode).toBe(401);
    expect((await from('203.0.113.9', right)).statusCode).toBe(429);
  });

  it('does not count a successful sign-in as a failure', async () => {
    for (let i = 0; i < 9; i++) throttle.recordFailure(ADMIN.username, '203.0.113.4');
    expect((await from('203.0.113.4', right)).statusCode).toBe(200);
    expect((await from('203.0.113.4', wrong)).statusCode).toBe(401);
    expect((await from('203.0.113.4', wrong)).statusCode).toBe(429);
  });
});
