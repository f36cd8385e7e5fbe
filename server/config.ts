import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ADDRESS = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

/**
 * Fastify's trustProxy: `true`/`false`, or comma-separated addresses, CIDR ranges and the
 * names loopback, linklocal, uniquelocal (proxy-addr).
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (v) =>
      v === 'true' ||
      v === 'false' ||
      v.split(',').every((part) => PROXY_NAMES.has(part.trim()) || ADDRESS.test(part.trim())),
    'must be true, false, or comma-separated addresses/CIDRs (or loopback, linklocal, uniquelocal)',
  )
  .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v));

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be a port number from 0 to 65535');

const positiveNumber = (unit: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `must be a number of ${unit}`)
    .transform(Number)
    .refine((n) => n > 0, `must be more than 0 ${unit}`);

const wholeNumber = (unit: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${unit}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be from ${min} to ${max} ${unit}`);

/** Server configuration from the environment (docs/architecture.md §5), validated once at start. */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** The built SPA to serve; `dist/` of the repository unless set (e2e builds elsewhere). */
  DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  ADMIN_USERNAME: z
    .string()
    .max(254, 'must have at most 254 characters')
    .refine((v) => v.includes('@'), 'must contain "@"')
    .default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  DEMO_DATA: booleanFlag.default(true),
  UPSTREAM_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Who may set X-Forwarded-For; the default trusts a reverse proxy on the same host only. */
  TRUST_PROXY: trustProxy.default('loopback'),
  /** A browser session ends after this many minutes without a request (docs/architecture.md §4). */
  SESSION_IDLE_MINUTES: positiveNumber('minutes').default(30),
  /** …and this many hours after sign-in, whatever the activity. */
  SESSION_LIFETIME_HOURS: positiveNumber('hours').default(12),
  /** Where deliveries go: comma-separated smtp:// or smtps:// URLs; unset = embedded outbox. */
  SMTP_URL: z
    .string()
    .trim()
    .refine(
      (v) =>
        v.split(',').every((u) => /^smtps?:\/\/[^\s]+$/i.test(u.trim()) && URL.canParse(u.trim())),
      'must be smtp:// or smtps:// URLs, separated by commas',
    )
    .transform((v) => v.split(',').map((u) => u.trim()))
    .optional(),
  /** Base of tracking, unsubscribe and image links in messages (default: the server's URL). */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Sender of the service's own mail to users: invitations and password resets. */
  MAIL_FROM: z.email('must be an email address').optional(),
  SMTP_RATE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of messages per second (0 = unlimited)')
    .transform(Number)
    .default(50),
  SEND_CONCURRENCY: wholeNumber('messages', 1, 1000).default(5),
  DELIVERY_GRACE_MINUTES: positiveNumber('minutes').default(60),
  TRACKING: z.enum(['people', 'counts']).default('people'),
  TRACKING_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  BOUNCE_WEBHOOK_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  SOFT_BOUNCE_LIMIT: wholeNumber('bounces', 1, 1000).default(3),
  SOFT_BOUNCE_DAYS: positiveNumber('days').default(30),
  SEND_RETRY_SECONDS: positiveNumber('seconds').default(20),
  SEND_MAX_ATTEMPTS: wholeNumber('attempts', 1, 100).default(6),
  SEND_LEASE_SECONDS: positiveNumber('seconds').default(60),
  OUTBOX_CAP: wholeNumber('messages', 1, 10_000_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

/** The delivery engine's options from the configuration (README "Configuration"). */
export const sendingOptions = (config: Config) => ({
  smtpUrls: config.SMTP_URL ?? [],
  ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
  ...(config.MAIL_FROM ? { mailFrom: config.MAIL_FROM } : {}),
  ratePerServer: config.SMTP_RATE,
  concurrency: config.SEND_CONCURRENCY,
  graceMs: config.DELIVERY_GRACE_MINUTES * 60_000,
  tracking: config.TRACKING,
  ...(config.TRACKING_SECRET ? { secret: config.TRACKING_SECRET } : {}),
  ...(config.BOUNCE_WEBHOOK_TOKEN ? { bounceWebhookToken: config.BOUNCE_WEBHOOK_TOKEN } : {}),
  softBounceLimit: config.SOFT_BOUNCE_LIMIT,
  softBounceDays: config.SOFT_BOUNCE_DAYS,
  retryBaseMs: config.SEND_RETRY_SECONDS * 1000,
  maxAttempts: config.SEND_MAX_ATTEMPTS,
  outboxCap: config.OUTBOX_CAP,
  leaseMs: config.SEND_LEASE_SECONDS * 1000,
});

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in a .env file with `DATABASE_URL=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
