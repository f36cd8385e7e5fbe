/** How webhooks are sent (README: configuration). */
export type WebhookOptions = {
  /** WEBHOOK_ALLOW_PRIVATE=1: private and loopback addresses may be called (tests, intranets). */
  allowPrivate: boolean;
  /** An answer must come within this long (issue 32: 10 s). */
  timeoutMs: number;
  /** First retry delay; doubled per attempt up to `retryMaxMs`, with ±25 % jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries stop, and a failing endpoint is disabled, after this long (24 h). */
  retryWindowMs: number;
  /** How long a claimed message stays with one process (a crashed one's are taken over). */
  leaseMs: number;
  pollMs: number;
  /** Messages in flight at once per process. */
  concurrency: number;
};

export const defaultWebhookOptions: WebhookOptions = {
  allowPrivate: false,
  timeoutMs: 10_000,
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60_000,
  retryWindowMs: 24 * 60 * 60_000,
  leaseMs: 30_000,
  pollMs: 500,
  concurrency: 16,
};

/** Exponential backoff with jitter: attempt 1 waits ~base, then 2×, 4×… up to the cap. */
export function retryDelay(options: WebhookOptions, attempts: number, random = Math.random) {
  const exponential = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** (attempts - 1));
  return Math.round(exponential * (0.75 + random() * 0.5));
}
