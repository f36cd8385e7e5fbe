import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserOf, dashboard } from '../two-factor/test-support.js';
import { usersRepository } from '../users/repository.js';
import { FailedAttemptThrottle } from './throttle.js';
import { ADMIN, createTestContext, type TestContext } from '../../../test/harness.js';

/** Device cookies (docs/decisions/api-choices.md) where sign-in has two steps, and their lifetime. */
let t: TestContext;
let browser: ReturnType<typeof browserOf>;
// Real time (enrolment's TOTP code is computed from it), moved on by the last test.
let skew = 0;
const throttle = new FailedAttemptThrottle(() => Date.now() + skew);
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext({ throttle });
  browser = browserOf(t.app);
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<typeof t.app.inject>>;

const deviceOf = (res: Response) =>
  res.cookies.find((cookie) => cookie.name === 'mailboard_device')?.value;

/** An attacker's wrong passwords for `username` from 40 addresses: it backs off for 15 min. */
const attack = (username: string) => {
  for (let i = 0; i < 40; i++) throttle.recordFailure(username, `10.6.0.${i}`);
};

const signIn = (username: string, password: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: dashboard,
    cookies: device === undefined ? {} : { mailboard_device: device },
    payload: { username, password },
  });

describe('device cookies', () => {
  it('come with the session of a two-factor sign-in, and let its password step past the back-off', async () => {
    const first = await browser.password();
    expect(first.statusCode).toBe(201);
    const session = first.cookies.find((c) => c.name === 'mailboard_session')!.value;
    const { codes } = await browser.enrol(`mailboard_session=${session}`);

    const challenged = await browser.password();
    expect(challenged.json()).toEqual({ two_factor: 'code' });
    // No device cookie before the second factor is proven.
    expect(deviceOf(challenged)).toBeUndefined();
    const challenge = challenged.cookies.find((c) => c.name === 'mailboard_sign_in')!;
    const signedIn = await browser.secondStep(`mailboard_sign_in=${challenge.value}`, codes[1]!);
    expect(signedIn.statusCode).toBe(201);
    const device = deviceOf(signedIn);
    expect(device).toBeDefined();

    attack(ADMIN.username);
    const stranger = await signIn(ADMIN.username, ADMIN.password);
    expect(stranger.statusCode).toBe(429);
    const known = await signIn(ADMIN.username, ADMIN.password, device);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ two_factor: 'code' });
    // The second factor is still asked for: the device cookie spares the wait, not the code.
    const again = known.cookies.find((c) => c.name === 'mailboard_sign_in')!;
    const done = await browser.secondStep(`mailboard_sign_in=${again.value}`, codes[0]!);
    expect(done.statusCode).toBe(201);
  });

  it('are trusted for a year', async () => {
    const plain = { username: 'plain@example.com', password: 'plain password here' };
    await usersRepository(t.db).create(plain.username, plain.password);
    const device = deviceOf(await signIn(plain.username, plain.password));

    skew += 364 * DAY;
    attack(plain.username);
    expect((await signIn(plain.username, plain.password)).statusCode).toBe(429);
    expect((await signIn(plain.username, plain.password, device)).statusCode).toBe(201);

    skew += 2 * DAY;
    attack(plain.username);
    const expired = await signIn(plain.username, plain.password, device);
    expect(expired.statusCode).toBe(429);
    expect(expired.json()).toEqual({
      detail: 'Request was throttled. Expected available in 900 seconds.',
    });
  });
});
