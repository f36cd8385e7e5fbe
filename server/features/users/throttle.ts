/**
 * Failed sign-in throttle of docs/architecture.md §4: 10 failures for one username from one address in
 * 15 minutes block that pair; 100 failures for one username from all addresses in an hour
 * block the username. While blocked, even the right password gets 429 (so guessing gains
 * nothing), until the oldest failure in the window ages out. Per process, like the
 * credential cache: each replica throttles on its own, which bounds guessing per replica.
 */
export type ThrottleRule = { limit: number; windowMs: number };

export const PAIR_RULE: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
export const USERNAME_RULE: ThrottleRule = { limit: 100, windowMs: 60 * 60_000 };

export class FailedAttemptThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    /** The clock; tests pass a fake one. Public so the credential cache shares it. */
    readonly now: () => number = Date.now,
    private readonly pairRule = PAIR_RULE,
    private readonly usernameRule = USERNAME_RULE,
  ) {}

  /** Seconds to wait before trying again, or 0 when the attempt may proceed. */
  retryAfter(username: string, address: string): number {
    const waits = [
      this.wait(pairKey(username, address), this.pairRule),
      this.wait(userKey(username), this.usernameRule),
    ];
    return Math.max(...waits);
  }

  /** Counts a failure now; returns its time, which `forgive` takes to withdraw it. */
  recordFailure(username: string, address: string): number {
    const t = this.now();
    this.push(pairKey(username, address), t, this.pairRule);
    this.push(userKey(username), t, this.usernameRule);
    if (this.failures.size > 100_000) this.sweep();
    return t;
  }

  /**
   * Withdraws a failure recorded at `at`: the auth plugin counts every attempt as a failure
   * while the password is being checked and forgives it once the password proves right.
   */
  forgive(username: string, address: string, at: number) {
    for (const key of [pairKey(username, address), userKey(username)]) {
      const times = this.failures.get(key);
      const i = times?.lastIndexOf(at) ?? -1;
      if (i < 0) continue;
      times!.splice(i, 1);
      if (times!.length === 0) this.failures.delete(key);
    }
  }

  private wait(key: string, rule: ThrottleRule): number {
    const times = this.recent(key, rule);
    if (times.length < rule.limit) return 0;
    // Blocked until enough failures leave the window to fall under the limit again.
    const releasing = times[times.length - rule.limit]!;
    return Math.max(1, Math.ceil((releasing + rule.windowMs - this.now()) / 1000));
  }

  private push(key: string, t: number, rule: ThrottleRule) {
    const times = this.recent(key, rule);
    times.push(t);
    // Only the newest `limit` failures decide anything; older ones need not be kept.
    if (times.length > rule.limit) times.splice(0, times.length - rule.limit);
    this.failures.set(key, times);
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const cutoff = this.now() - rule.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  private sweep() {
    for (const key of this.failures.keys())
      this.recent(key, key.startsWith('u:') ? this.usernameRule : this.pairRule);
  }
}

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const pairKey = (username: string, address: string) =>
  `p:${username.toLowerCase()}\u0000${address}`;
