import { z } from 'zod';
import { readDkimKey } from './lib/dkim-key.js';
import { inboundEnv, inboundProblems, providerOptions } from './inbound-config.js';

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

/** A share of messages, as a fraction: 0.003 is 0.3 %. */
const rate = z
  .string()
  .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a fraction from 0 to 1 (0.003 = 0.3 %)')
  .transform(Number);

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
  /** With the demo data, schedule one small live delivery (server/demo/live-delivery.ts)… */
  DEMO_LIVE_DELIVERY: booleanFlag.default(true),
  /** …this many minutes after the first start (fractions allowed: the e2e run waits seconds). */
  DEMO_LIVE_DELIVERY_MINUTES: positiveNumber('minutes').default(3),
  UPSTREAM_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Who may set X-Forwarded-For; the default trusts a reverse proxy on the same host only. */
  TRUST_PROXY: trustProxy.default('loopback'),
  /** A browser session ends after this many minutes without a request (docs/decisions/api-choices.md). */
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
  /** The former TRACKING_SECRET, still accepted for links already sent (rotation). */
  TRACKING_SECRET_PREVIOUS: z.string().min(16, 'must have at least 16 characters').optional(),
  /** DKIM signing (all three or none): the d= domain, the s= selector, PEM text or a file path. */
  DKIM_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'must be a DNS label')
    .optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  /** VERP: each message's envelope sender is bounces+<signed token>@ this domain. */
  RETURN_PATH_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name')
    .optional(),
  BOUNCE_WEBHOOK_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  SOFT_BOUNCE_LIMIT: wholeNumber('bounces', 1, 1000).default(3),
  SOFT_BOUNCE_DAYS: positiveNumber('days').default(30),
  /** Issue 51: days a hit's client signals (address block, agent, method, timing) are kept. */
  HIT_SIGNAL_RETENTION_DAYS: positiveNumber('days').default(395),
  /** The brake (issue 52): a running delivery pauses itself above these rates… */
  COMPLAINT_PAUSE_RATE: rate.default(0.003),
  BOUNCE_PAUSE_RATE: rate.default(0.05),
  /** …once it has sent this many messages (at most 500, so a large send is caught early). */
  PAUSE_MIN_SENT: wholeNumber('messages', 1, 500).default(500),
  /** DNS servers of the domain check (comma-separated IPs, `ip:port` allowed); unset: the system's. */
  DNS_SERVERS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
  SEND_RETRY_SECONDS: positiveNumber('seconds').default(20),
  SEND_MAX_ATTEMPTS: wholeNumber('attempts', 1, 100).default(6),
  SEND_LEASE_SECONDS: positiveNumber('seconds').default(60),
  OUTBOX_CAP: wholeNumber('messages', 1, 10_000_000).default(10_000),
  /** Outgoing webhooks may call private and loopback addresses (SSRF guard off). */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  /** First retry of a failed webhook; doubled per attempt (jittered) up to an hour, for 24 h. */
  WEBHOOK_RETRY_SECONDS: positiveNumber('seconds').default(5),
  /** How long a claimed webhook message stays with one process (a crashed one's are resent). */
  WEBHOOK_LEASE_SECONDS: positiveNumber('seconds').default(30),
  /** Accepted sign-up form submissions per address block (/24, /56) and hour (issue 50). */
  FORM_IP_BUDGET: wholeNumber('submissions', 1, 1_000_000).default(5),
  ...inboundEnv,
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
  ...(config.TRACKING_SECRET_PREVIOUS ? { previousSecret: config.TRACKING_SECRET_PREVIOUS } : {}),
  ...(config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
    ? {
        dkim: {
          domain: config.DKIM_DOMAIN.toLowerCase(),
          selector: config.DKIM_SELECTOR,
          privateKey: readDkimKey(config.DKIM_PRIVATE_KEY),
        },
      }
    : {}),
  ...(config.RETURN_PATH_DOMAIN
    ? { returnPathDomain: config.RETURN_PATH_DOMAIN.toLowerCase() }
    : {}),
  ...(config.BOUNCE_WEBHOOK_TOKEN ? { bounceWebhookToken: config.BOUNCE_WEBHOOK_TOKEN } : {}),
  softBounceLimit: config.SOFT_BOUNCE_LIMIT,
  softBounceDays: config.SOFT_BOUNCE_DAYS,
  hitSignalDays: config.HIT_SIGNAL_RETENTION_DAYS,
  providers: providerOptions(config),
  ...(config.BOUNCE_MAILBOX_URL ? { bounceMailboxUrl: config.BOUNCE_MAILBOX_URL } : {}),
  brake: {
    complaintRate: config.COMPLAINT_PAUSE_RATE,
    bounceRate: config.BOUNCE_PAUSE_RATE,
    minSent: config.PAUSE_MIN_SENT,
  },
  ...(config.DNS_SERVERS?.length ? { dnsServers: config.DNS_SERVERS } : {}),
  retryBaseMs: config.SEND_RETRY_SECONDS * 1000,
  maxAttempts: config.SEND_MAX_ATTEMPTS,
  outboxCap: config.OUTBOX_CAP,
  leaseMs: config.SEND_LEASE_SECONDS * 1000,
});

/** Outgoing webhooks' options from the configuration (README "Configuration"). */
export const webhookOptions = (config: Config) => ({
  allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  retryBaseMs: config.WEBHOOK_RETRY_SECONDS * 1000,
  leaseMs: config.WEBHOOK_LEASE_SECONDS * 1000,
});

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in a .env file with `DATABASE_URL=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  // Real mail must not carry links to the server's own (often internal) address.
  if (present.SMTP_URL && !present.PUBLIC_URL && present.NODE_ENV === 'production') {
    problems.push(
      '  PUBLIC_URL: is required when SMTP_URL is set and NODE_ENV=production (the base of the links in sent messages)',
    );
  }
  problems.push(...inboundProblems(present));
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const dkim = [parsed.data.DKIM_DOMAIN, parsed.data.DKIM_SELECTOR, parsed.data.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY: set all three or none',
    );
  }
  if (parsed.data.DKIM_PRIVATE_KEY) {
    try {
      readDkimKey(parsed.data.DKIM_PRIVATE_KEY);
    } catch (error) {
      throw new Error(`Invalid configuration:\n  ${(error as Error).message}`);
    }
  }
  return parsed.data;
}

/** Settings that work but that a sender probably does not want; printed at start. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.SMTP_URL && config.PUBLIC_URL && !config.PUBLIC_URL.startsWith('https://')) {
    warnings.push(
      'PUBLIC_URL is not HTTPS: mail clients offer one-click unsubscribe (RFC 8058) only over HTTPS, and links over HTTP can be read and changed on the way.',
    );
  }
  return warnings;
}
