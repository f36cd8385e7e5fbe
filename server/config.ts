import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Server configuration from the environment (DESIGN §5), validated once at start. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.url().optional(),
  ADMIN_USERNAME: z
    .string()
    .refine((v) => v.includes('@'), 'must contain "@"')
    .default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  DEMO_DATA: booleanFlag.default(true),
  UPSTREAM_API_URL: z.url().optional(),
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
