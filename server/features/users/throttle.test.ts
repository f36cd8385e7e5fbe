import { describe, expect, it } from 'vitest';
import { FailedAttemptThrottle } from './throttle.js';

const MINUTE = 60_000;

function setup() {
  const clock = { now: 1_000_000 };
  const throttle = new FailedAttemptThrottle(() => clock.now);
  const fail = (n: number, username = 'a@example.com', address = '1.1.1.1') => {
    for (let i = 0; i < n; i++) throttle.recordFailure(username, address);
  };
  return { clock, throttle, fail };
}

describe('FailedAttemptThrottle', () => {
  it('lets 9 failures of a pair through and blocks the 10th for the rest of 15 minutes', () => {
    const { clock, throttle, fail } = setup();
    fail(9);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(0);
    fail(1);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(900);
    clock.now += 10 * MINUTE + 500;
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(300); // rounded up
    clock.now += 5 * MINUTE;
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(0);
  });

  it('releases a pair when its oldest failures leave the window, not all at once', () => {
    const { clock, throttle, fail } = setup();
    fail(5);
    clock.now += 5 * MINUTE;
    fail(5);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(600);
    clock.now += 10 * MINUTE;
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(0);
    // Five failures are still in the window: five more block again.
    fail(5);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(300);
  });

  it('keeps pairs apart and treats usernames case-insensitively', () => {
    const { throttle, fail } = setup();
    fail(10, 'A@Example.com', '1.1.1.1');
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBeGreaterThan(0);
    expect(throttle.retryAfter('a@example.com', '2.2.2.2')).toBe(0);
    expect(throttle.retryAfter('b@example.com', '1.1.1.1')).toBe(0);
  });

  it('blocks a username everywhere after 100 failures from all addresses within an hour', () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 99; i++) fail(1, 'a@example.com', `10.0.0.${i}`);
    expect(throttle.retryAfter('a@example.com', '9.9.9.9')).toBe(0);
    clock.now += 30 * MINUTE;
    fail(1, 'a@example.com', '10.0.1.1');
    expect(throttle.retryAfter('a@example.com', '9.9.9.9')).toBe(1800);
    expect(throttle.retryAfter('b@example.com', '9.9.9.9')).toBe(0);
    clock.now += 30 * MINUTE;
    expect(throttle.retryAfter('a@example.com', '9.9.9.9')).toBe(0);
  });

  it('withdraws a forgiven failure', () => {
    const { throttle, fail } = setup();
    fail(9);
    const at = throttle.recordFailure('a@example.com', '1.1.1.1');
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(900);
    throttle.forgive('a@example.com', '1.1.1.1', at);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(0);
    // Forgiving what was never recorded changes nothing.
    throttle.forgive('a@example.com', '1.1.1.1', at + 1);
    throttle.forgive('z@example.com', '3.3.3.3', at);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(0);
    fail(1);
    expect(throttle.retryAfter('a@example.com', '1.1.1.1')).toBe(900);
  });
});
