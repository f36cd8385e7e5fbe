import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from './app.js';
import {
  configWarnings,
  readConfig,
  sendingOptions,
  webhookOptions,
  type Config,
} from './config.js';
import { openDatabase } from './db/client.js';
import { loadDemoData } from './demo/demo-data.js';
import { usersRepository } from './features/identity/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reads the environment, migrates, ensures the admin user, listens; stops cleanly on signals. */
export async function main() {
  const config = readConfig();
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
  if (config.UPSTREAM_API_URL) return proxy(config, config.UPSTREAM_API_URL);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR, purpose: 'the Mailboard server' },
  );
  await database.migrate();

  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const users = usersRepository(database.db);
  const existing = await users.findByUsername(config.ADMIN_USERNAME);
  // A generated password is only set when the admin does not exist yet, so restarts without
  // ADMIN_PASSWORD keep the one printed the first time.
  let printedPassword: string | undefined;
  if (config.ADMIN_PASSWORD || !existing) {
    await users.ensure(config.ADMIN_USERNAME, password);
    printedPassword = config.ADMIN_PASSWORD ? undefined : password;
  }

  let liveDemo: string | undefined;
  if (config.DEMO_DATA) {
    const live = config.DEMO_LIVE_DELIVERY ? config.DEMO_LIVE_DELIVERY_MINUTES : undefined;
    const loaded = await loadDemoData(database.db, { liveDeliveryMinutes: live });
    if (loaded) console.log(`Loaded demo data: ${loaded}`);
    if (loaded && live !== undefined) liveDemo = liveDemoLine(config, live);
  }

  const app = await buildApp({
    database,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    distDir: builtSpa(config.DIST_DIR),
    trustProxy: config.TRUST_PROXY,
    sessionLifetime: sessionLifetime(config),
    importWorker: true,
    sending: sendingOptions(config),
    deliveryWorker: true,
    webhooks: webhookOptions(config),
    webhookWorker: true,
    automationWorker: true,
    formIpBudget: config.FORM_IP_BUDGET,
  });

  const port = await listen(app, config, () => database.close());
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  console.log(
    [
      '',
      `  Mailboard is running at http://${host}:${port}/`,
      `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`}`,
      `  Sending: ${config.SMTP_URL ? `through ${config.SMTP_URL.length} SMTP server(s) (SMTP_URL)` : 'to the embedded outbox (set SMTP_URL to send mail)'}`,
      `  Sign in as ${config.ADMIN_USERNAME}` +
        (printedPassword
          ? ` with password ${printedPassword} (generated; set ADMIN_PASSWORD to choose one)`
          : config.ADMIN_PASSWORD
            ? ' with the password in ADMIN_PASSWORD'
            : ' with the password printed when it was created (set ADMIN_PASSWORD to reset it)'),
      ...(liveDemo ? [liveDemo] : []),
      '',
    ].join('\n'),
  );
  return app;
}

/** UPSTREAM_API_URL: no database, the SPA plus /api/v1 and /media forwarded (docs/architecture.md §1). */
async function proxy(config: Config, upstream: string) {
  const app = await buildApp({
    upstream,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    distDir: builtSpa(config.DIST_DIR),
    trustProxy: config.TRUST_PROXY,
    sessionLifetime: sessionLifetime(config),
  });
  const port = await listen(app, config, async () => undefined);
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  console.log(
    [
      '',
      `  Mailboard is running at http://${host}:${port}/`,
      `  Proxying /api/v1 and /media to ${upstream} (UPSTREAM_API_URL); no local database`,
      '  Sign in with a user of that deployment (sessions are kept in this process)',
      '',
    ].join('\n'),
  );
  return app;
}

/** The banner's word on the demo's live delivery: when, where to, and how to turn it off. */
function liveDemoLine(config: Config, minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
  const where = config.SMTP_URL ? 'through SMTP_URL' : 'to the embedded outbox';
  return (
    `  Demo: a small live delivery goes out at ${at} UTC ${where} (Outbox, mailing page);\n` +
    '  DEMO_LIVE_DELIVERY=0 skips it, DEMO_DATA=0 skips all demo data (first start only)'
  );
}

const sessionLifetime = (config: Config) => ({
  idleMs: config.SESSION_IDLE_MINUTES * 60_000,
  absoluteMs: config.SESSION_LIFETIME_HOURS * 60 * 60_000,
});

function builtSpa(configured: string | undefined) {
  const distDir = path.resolve(configured ?? path.join(root, 'dist'));
  return existsSync(path.join(distDir, 'index.html')) ? distDir : undefined;
}

/** Listens and stops cleanly on SIGINT/SIGTERM; returns the port actually bound. */
async function listen(app: App, config: Config, release: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await release();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.PORT;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
