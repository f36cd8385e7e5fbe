import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { openDatabase } from '../../../db/client.js';
import { FailedAttemptThrottle } from '../sign-in/throttle.js';
import { ADMIN, basic, createTestContext, type TestContext } from '../../../test/harness.js';
import { browserOf, codeFor, cookiesOf } from './test-support.js';
import { mailMoment } from '../mail/mail-texts.js';

/**
 * Issue 49, finding 2: someone who has the password guesses the second factor. Wrong codes
 * are counted per user in the database, across challenges and replicas; after five, every
 * attempt waits a doubling delay, also with the right code.
 */
let t: TestContext;
let browser: ReturnType<typeof browserOf>;
// The sign-in's clock (identity's throttle's): the tests wait out a back-off by moving it.
let clock = Date.now();
const throttle = new FailedAttemptThrottle(() => clock);

beforeAll(async () => {
  t = await createTestContext({ throttle });
  browser = browserOf(t.app);
});
beforeEach(async () => {
  // Back to real time: the routes under /me/two-factor use it.
  clock = Date.now();
  await t.db.execute(
    sql`TRUNCATE two_factor, two_factor_failures, recovery_codes, user_tokens, sessions, outbox_messages`,
  );
  adminCookie = cookiesOf(await browser.password());
});
afterAll(() => t.close());

let adminCookie = '';
type Response = Awaited<ReturnType<typeof t.app.inject>>;

/** The attacker's move: the password again (a new challenge), then one code. */
const guess = async (code: string, app = t.app) => {
  const other = app === t.app ? browser : browserOf(app);
  const challenge = await other.password();
  expect(challenge.json()).toEqual({ two_factor: 'code' });
  return other.secondStep(cookiesOf(challenge), code);
};
const expectWrong = (res: Response, field = 'code') => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    [field]: [field === 'code' ? 'The code is not correct.' : 'The password is not correct.'],
  });
};
/** 429 with the wait in the body and in Retry-After; `seconds` when the clock is the test's. */
const expectWait = (res: Response, seconds?: number) => {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  if (seconds !== undefined) expect(wait).toBe(seconds);
  else expect(wait).toBeGreaterThan(20);
  expect(wait).toBeLessThanOrEqual(seconds ?? 30);
  expect(res.json()).toEqual({ detail: `Too many wrong codes. Try again in ${wait} seconds.` });
};
const failuresInDatabase = async () => {
  const { rows } = (await t.db.execute(
    sql`SELECT failures FROM two_factor_failures WHERE user_id = ${t.admin.id}`,
  )) as unknown as { rows: { failures: number }[] };
  return rows[0]?.failures;
};

type Mail = { subject: string; text: string; html: string };
/** The notices in the outbox's rows (not through the API); they leave after the answer. */
async function noticesUntil(count: number): Promise<Mail[]> {
  const read = async () =>
    (
      (await t.db.execute(
        sql`SELECT subject, text, html FROM outbox_messages WHERE recipient = ${ADMIN.username} ORDER BY id`,
      )) as unknown as { rows: Mail[] }
    ).rows;
  for (let i = 0; i < 300 && (await read()).length < count; i++)
    await new Promise((r) => setTimeout(r, 10));
  // A moment more, so a notice that should not exist has had its time to arrive.
  await new Promise((r) => setTimeout(r, 200));
  return read();
}

describe('wrong second-factor codes', () => {
  it('after five across new challenges, every attempt waits a doubling delay, also the right one', async () => {
    const { secret } = await browser.enrol(adminCookie);
    for (let i = 0; i < 5; i++) expectWrong(await guess('000000'));
    expectWait(await guess(codeFor(secret, clock)), 30);

    clock += 30_000;
    expectWrong(await guess('111111'));
    expectWait(await guess(codeFor(secret, clock)), 60);
    clock += 60_000;
    expectWrong(await guess('222222'));
    expectWait(await guess(codeFor(secret, clock)), 120);

    // After the wait the right code signs in, and the count starts again.
    clock += 120_000;
    const signedIn = await guess(codeFor(secret, clock));
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toEqual({ username: ADMIN.username });
    expect(await failuresInDatabase()).toBe(0);
    for (let i = 0; i < 5; i++) expectWrong(await guess('000000'));
    expectWait(await guess('000000'), 30);
  });

  it('keeps the count in the database: a second replica refuses the right code too', async () => {
    const { secret } = await browser.enrol(adminCookie);
    for (let i = 0; i < 5; i++) expectWrong(await guess('000000'));
    expect(await failuresInDatabase()).toBe(5);
    const second = t.database.url
      ? await openDatabase({ databaseUrl: t.database.url })
      : t.database;
    const replica = await buildApp({ database: second, throttle });
    try {
      expectWait(await guess(codeFor(secret, clock), replica), 30);
      clock += 30_000;
      expectWrong(await guess('000000', replica));
      expectWait(await guess(codeFor(secret, clock)), 60);
      expect(await failuresInDatabase()).toBe(6);
    } finally {
      await replica.close();
      if (second !== t.database) await second.close();
    }
  });

  it('mails the user a notice when the wait first engages, then at most once an hour', async () => {
    const { secret } = await browser.enrol(adminCookie);
    for (let i = 0; i < 4; i++) expectWrong(await guess('000000'));
    expect(await noticesUntil(0)).toEqual([]);
    expectWrong(await guess('000000'));
    const [notice, ...more] = await noticesUntil(1);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Wrong sign-in codes for your Mailboard account');
    expect(notice!.text).toContain(
      `Several wrong sign-in codes were entered for your Mailboard account ${ADMIN.username}, the last at ${mailMoment('en', new Date(clock))} from the address 127.0.0.1.`,
    );
    // No link at all, let alone one with a token.
    expect(notice!.text).not.toMatch(/https?:/);
    expect(notice!.html).not.toMatch(/<a\b|https?:/);

    for (const wait of [30_000, 60_000]) {
      clock += wait;
      expectWrong(await guess('000000'));
    }
    expect(await noticesUntil(2)).toHaveLength(1);
    clock += 60 * 60_000;
    expectWrong(await guess('000000'));
    expect(await noticesUntil(2)).toHaveLength(2);
    // A right code ends the streak, not the hourly limit of notices.
    clock += 60 * 60_000;
    expect((await guess(codeFor(secret, clock))).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expectWrong(await guess('000000'));
    expect(await noticesUntil(3)).toHaveLength(3);
  });
});

describe('turning two-factor off', () => {
  const turnOff = (body: object, cookie = adminCookie) =>
    browser.withCookie(cookie, 'DELETE', '/api/v1/me/two-factor', body);

  it('needs the password and a code, under the same limit as sign-in', async () => {
    const { secret, codes } = await browser.enrol(adminCookie);
    // The holder of a session (or a token) alone, without the password.
    const noPassword = await turnOff({ code: codes[0] });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ password: ['This field is required.'] });
    expectWrong(await turnOff({ password: 'a guess', code: codes[0] }), 'password');
    const me = (await browser.withCookie(adminCookie, 'GET', '/api/v1/me')).json();
    const token = await browser.withCookie(adminCookie, 'POST', `/api/v1/users/${me.id}/tokens`, {
      name: 'stolen',
    });
    expect(token.statusCode).toBe(201);
    const withToken = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/two-factor',
      headers: { authorization: basic(ADMIN.username, token.json().token) },
      payload: { password: 'another guess', code: codes[0] },
    });
    expectWrong(withToken, 'password');
    for (const code of ['000000', '111111', '222222'])
      expectWrong(await turnOff({ password: ADMIN.password, code }));

    // Five wrong: the right password and code wait too, and so does sign-in.
    expectWait(await turnOff({ password: ADMIN.password, code: codes[0] }));
    clock = Date.now();
    expectWait(await guess(codeFor(secret, clock)));
    const status = await browser.withCookie(adminCookie, 'GET', '/api/v1/me/two-factor');
    expect(status.json()).toEqual({ enrolled: true, required: false, recovery_codes_left: 10 });
  });
});

describe('turning two-factor on or off', () => {
  it('ends the user’s other sessions, keeps the current one and API tokens', async () => {
    const session = (cookie: string) => browser.withCookie(cookie, 'GET', '/api/v1/session');
    const me = (await browser.withCookie(adminCookie, 'GET', '/api/v1/me')).json();
    const token = await browser.withCookie(adminCookie, 'POST', `/api/v1/users/${me.id}/tokens`, {
      name: 'CI',
    });
    const byToken = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/lists',
        headers: { authorization: basic(ADMIN.username, token.json().token) },
      });
    const laptop = cookiesOf(await browser.password());
    expect((await session(laptop)).statusCode).toBe(200);

    const { codes } = await browser.enrol(adminCookie);
    expect((await session(laptop)).statusCode).toBe(401);
    expect((await session(adminCookie)).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(200);

    const again = await browser.secondStep(cookiesOf(await browser.password()), codes[0]!);
    expect(again.statusCode).toBe(201);
    const phone = cookiesOf(again);
    expect((await session(phone)).statusCode).toBe(200);
    const off = await browser.withCookie(adminCookie, 'DELETE', '/api/v1/me/two-factor', {
      password: ADMIN.password,
      code: codes[1],
    });
    expect(off.statusCode).toBe(204);
    expect((await session(phone)).statusCode).toBe(401);
    expect((await session(adminCookie)).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(200);
  });
});
