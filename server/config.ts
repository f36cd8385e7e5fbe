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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

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
