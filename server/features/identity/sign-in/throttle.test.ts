import { describe, expect, it } from 'vitest';
import { FailedAttemptThrottle } from './throttle.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const USER = 'a@example.com';
const HERE = '1.1.1.1';

function setup(throttle?: (now: () => number) => FailedAttemptThrottle) {
  const clock = { now: 1_000_000 };
  const subject = throttle?.(() => clock.now) ?? new FailedAttemptThrottle(() => clock.now);
  const fail = (n: number, username = USER, address = HERE, device?: string) => {
    for (let i = 0; i < n; i++) subject.recordFailure(username, address, device);
  };
  return { clock, throttle: subject, fail };
}

describe('sign-in back-off (the default rules)', () => {
  it('lets 10 failures of a username and address through, then doubles the wait from 1 s', () => {
    const { clock, throttle, fail } = setup();
    fail(9);
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
    fail(1);
    expect(throttle.retryAfter(USER, HERE)).toBe(1);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = throttle.retryAfter(USER, HERE);
      waits.push(wait);
      clock.now += wait * SECOND;
      expect(throttle.retryAfter(USER, HERE)).toBe(0);
      fail(1);
    }
    // Capped at 15 minutes: never a lock-out.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(throttle.retryAfter(USER, HERE)).toBe(900);
    // Another username on the same address is not slowed.
    expect(throttle.retryAfter('b@example.com', HERE)).toBe(0);
  });

  it('slows a username on every address after 20 failures from all of them', () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 19; i++) fail(1, USER, `10.0.0.${i}`);
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(0);
    fail(1, USER, '10.0.1.1');
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(1);
    fail(1, USER, '10.0.1.2');
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(2);
    expect(throttle.retryAfter('B@example.com', '9.9.9.9')).toBe(0);
    // Usernames compare case-insensitively.
    expect(throttle.retryAfter('A@EXAMPLE.COM', '9.9.9.9')).toBe(2);
    // An hour without failures forgets them all.
    clock.now += 60 * MINUTE;
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(0);
    fail(1, USER, '10.0.1.3');
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(0);
  });

  it('exempts a known device from the username and address back-off while its own failures are few', () => {
    const { throttle, fail } = setup();
    fail(200, USER, HERE);
    expect(throttle.retryAfter(USER, HERE)).toBe(900);
    expect(throttle.retryAfter(USER, HERE, 'device-1')).toBe(0);
    // Its own failures count against it: ten are free, then it backs off like the rest.
    fail(9, USER, HERE, 'device-1');
    expect(throttle.retryAfter(USER, HERE, 'device-1')).toBe(0);
    fail(1, USER, HERE, 'device-1');
    expect(throttle.retryAfter(USER, HERE, 'device-1')).toBe(900);
    // Another device of the same user, and the same device id for another user, are apart.
    expect(throttle.retryAfter(USER, HERE, 'device-2')).toBe(0);
    fail(10, 'b@example.com', '2.2.2.2', 'device-3');
    expect(throttle.retryAfter('b@example.com', '2.2.2.2', 'device-3')).toBe(1);
    expect(throttle.retryAfter(USER, '2.2.2.2', 'device-3')).toBe(0);
  });

  it('withdraws a forgiven failure, from the device as well', () => {
    const { throttle, fail } = setup();
    fail(9);
    const at = throttle.recordFailure(USER, HERE);
    expect(throttle.retryAfter(USER, HERE)).toBe(1);
    throttle.forgive(USER, HERE, at);
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
    // Forgiving what was never recorded changes nothing.
    throttle.forgive(USER, HERE, at + 1);
    throttle.forgive('z@example.com', '3.3.3.3', at);
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
    fail(9, 'd@example.com', HERE, 'dev');
    const onDevice = throttle.recordFailure('d@example.com', HERE, 'dev');
    expect(throttle.retryAfter('d@example.com', HERE, 'dev')).toBe(1);
    throttle.forgive('d@example.com', HERE, onDevice, 'dev');
    expect(throttle.retryAfter('d@example.com', HERE, 'dev')).toBe(0);
  });
});

describe('blocking rules (the password-reset throttle)', () => {
  const blocking = (now: () => number) =>
    new FailedAttemptThrottle(
      now,
      { limit: 5, windowMs: 15 * MINUTE },
      { limit: 20, windowMs: 60 * MINUTE },
    );

  it('blocks a pair past its limit until the oldest failure leaves the window', () => {
    const { clock, throttle, fail } = setup(blocking);
    fail(4);
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
    fail(1);
    expect(throttle.retryAfter(USER, HERE)).toBe(900);
    clock.now += 10 * MINUTE + 500;
    expect(throttle.retryAfter(USER, HERE)).toBe(300); // rounded up
    clock.now += 5 * MINUTE;
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
  });

  it('releases failures one by one as they age, and blocks a username on every address', () => {
    const { clock, throttle, fail } = setup(blocking);
    fail(3);
    clock.now += 5 * MINUTE;
    fail(2);
    expect(throttle.retryAfter(USER, HERE)).toBe(600);
    clock.now += 10 * MINUTE;
    expect(throttle.retryAfter(USER, HERE)).toBe(0);
    fail(3);
    expect(throttle.retryAfter(USER, HERE)).toBe(300);
    // The 20th failure of the username within the hour blocks it everywhere, until the
    // oldest (15 minutes old) leaves the window.
    for (let i = 0; i < 11; i++) fail(1, USER, `10.0.0.${i}`);
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(0);
    fail(1, USER, '10.0.0.99');
    expect(throttle.retryAfter(USER, '9.9.9.9')).toBe(45 * 60);
  });
});
