/**
 * Failed-attempt throttles (docs/decisions/api-choices.md).
 *
 * Sign-in (the default rules) backs off, never locks out: 10 failures for a username from
 * one address, or 20 for a username from all addresses, cost nothing; each further password
 * guess then waits 1 s after the latest failure, doubling with every failure, up to 15
 * minutes (429 with Retry-After, the right password included, so guessing gains nothing).
 * An hour without failures forgets them. A browser that signed in as the username before (its device cookie) is
 * exempt from both while its own failures stay under 10, so an attacker slowing a username
 * never keeps its owner out of a known browser, and a stolen device cookie buys only ten
 * guesses more. API tokens and open sessions never pass through here.
 *
 * The password-reset throttle uses the same class with blocking rules (no `maxDelayMs`):
 * past the limit, attempts wait until the oldest failure in the window ages out.
 *
 * Per process, like the credential cache: each replica throttles on its own. That bounds
 * guessing per replica (N replicas allow N times the rate, still a few per hour at the cap)
 * without a database write on every failed attempt, which would let a flood of wrong
 * passwords load the database all replicas share.
 */
export type ThrottleRule = {
  /** Failures within the window that cost nothing. */
  limit: number;
  /**
   * How long failures are remembered: blocking rules forget each one this long after it,
   * back-off rules all of them once this long has passed without a new one.
   */
  windowMs: number;
  /**
   * Back-off: past `limit`, an attempt waits 1 s after the latest failure, doubling with
   * every further failure, up to this. Without it, attempts past `limit` are blocked until
   * the window has released enough failures.
   */
  maxDelayMs?: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const PAIR_RULE: ThrottleRule = { limit: 10, windowMs: HOUR, maxDelayMs: 15 * MINUTE };
export const USERNAME_RULE: ThrottleRule = { limit: 20, windowMs: HOUR, maxDelayMs: 15 * MINUTE };
export const DEVICE_RULE: ThrottleRule = { limit: 10, windowMs: HOUR, maxDelayMs: 15 * MINUTE };

// Past limit + 32 failures the back-off is at its cap whatever the cap: older ones need not
// be kept.
const BACKOFF_STEPS_KEPT = 32;

export class FailedAttemptThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    /** The clock; tests pass a fake one. Public so the credential cache shares it. */
    readonly now: () => number = Date.now,
    private readonly pairRule = PAIR_RULE,
    private readonly usernameRule = USERNAME_RULE,
    private readonly deviceRule = DEVICE_RULE,
  ) {}

  /**
   * Seconds to wait before trying again, or 0 when the attempt may proceed. `device`: the
   * id of a valid device cookie for this username (device-cookies.ts).
   */
  retryAfter(username: string, address: string, device?: string): number {
    if (device !== undefined) {
      const own = this.recent(deviceKey(username, device), this.deviceRule);
      if (own.length < this.deviceRule.limit) return 0;
    }
    const waits = this.rulesFor(username, address, device).map(([key, rule]) =>
      this.wait(key, rule),
    );
    return Math.max(...waits);
  }

  /** Counts a failure now; returns its time, which `forgive` takes to withdraw it. */
  recordFailure(username: string, address: string, device?: string): number {
    const t = this.now();
    for (const [key, rule] of this.rulesFor(username, address, device)) this.push(key, t, rule);
    if (this.failures.size > 100_000) this.sweep();
    return t;
  }

  /**
   * Withdraws a failure recorded at `at`: the password check counts every attempt as a failure
   * while the password is being checked and forgives it once the password proves right.
   */
  forgive(username: string, address: string, at: number, device?: string) {
    for (const [key] of this.rulesFor(username, address, device)) {
      const times = this.failures.get(key);
      const i = times?.lastIndexOf(at) ?? -1;
      if (i < 0) continue;
      times!.splice(i, 1);
      if (times!.length === 0) this.failures.delete(key);
    }
  }

  private rulesFor(username: string, address: string, device?: string) {
    const rules: [string, ThrottleRule][] = [
      [pairKey(username, address), this.pairRule],
      [userKey(username), this.usernameRule],
    ];
    if (device !== undefined) rules.push([deviceKey(username, device), this.deviceRule]);
    return rules;
  }

  private wait(key: string, rule: ThrottleRule): number {
    const times = this.recent(key, rule);
    if (times.length < rule.limit) return 0;
    const until =
      rule.maxDelayMs === undefined
        ? // Blocked until enough failures leave the window to fall under the limit again.
          times[times.length - rule.limit]! + rule.windowMs
        : times[times.length - 1]! + backoff(times.length - rule.limit, rule.maxDelayMs);
    const ms = until - this.now();
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  private push(key: string, t: number, rule: ThrottleRule) {
    const times = this.recent(key, rule);
    times.push(t);
    // Only the newest failures decide anything; older ones need not be kept.
    const kept = rule.limit + (rule.maxDelayMs === undefined ? 0 : BACKOFF_STEPS_KEPT);
    if (times.length > kept) times.splice(0, times.length - kept);
    this.failures.set(key, times);
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const cutoff = this.now() - rule.windowMs;
    const stored = this.failures.get(key) ?? [];
    const times =
      rule.maxDelayMs === undefined
        ? stored.filter((t) => t > cutoff)
        : // Back-off remembers failures while they keep coming: forgetting each as it ages
          // would give a patient guesser its free failures back every window.
          (stored.at(-1) ?? -Infinity) > cutoff
          ? stored
          : [];
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  private sweep() {
    const ruleOf = { u: this.usernameRule, p: this.pairRule, d: this.deviceRule };
    for (const key of this.failures.keys()) this.recent(key, ruleOf[key[0] as 'u' | 'p' | 'd']);
  }
}

/** 1 s for the first failure past the limit, doubling with each one, up to `max`. */
const backoff = (pastLimit: number, max: number) =>
  Math.min(max, 1000 * 2 ** Math.min(pastLimit, BACKOFF_STEPS_KEPT));

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const pairKey = (username: string, address: string) =>
  `p:${username.toLowerCase()}\u0000${address}`;
const deviceKey = (username: string, device: string) =>
  `d:${username.toLowerCase()}\u0000${device}`;
