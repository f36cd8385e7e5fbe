/** Resolves when one more message may go. */
export type RateBucket = { take(): Promise<void> };

/**
 * A token bucket (messages per second, bursts up to one second's worth): `take()` resolves
 * when a message may go. Unlike a fixed window it never lets a burst through at a window's
 * edge. Rate 0 = unlimited.
 */
export function tokenBucket(
  ratePerSecond: number,
  now: () => number = () => performance.now(),
): RateBucket {
  const capacity = Math.max(1, ratePerSecond);
  let tokens = capacity;
  let last = now();
  let queue = Promise.resolve();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * ratePerSecond);
    last = t;
  };
  const takeOne = async () => {
    refill();
    while (tokens < 1) {
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - tokens) / ratePerSecond) * 1000)));
      refill();
    }
    tokens -= 1;
  };
  return {
    take(): Promise<void> {
      if (ratePerSecond <= 0) return Promise.resolve();
      // Callers are served in order, so none starves.
      const next = queue.then(takeOne);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
