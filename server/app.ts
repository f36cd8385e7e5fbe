import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drfErrorMap } from '../contract/messages.js';
import type { Database } from './db/client.js';
import { zodValidatorCompiler } from './lib/validation.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { spaPlugin } from './plugins/spa.js';
import type { FailedAttemptThrottle } from './features/users/throttle.js';
import { apiRoutes } from './features/routes.js';

z.config({ customError: drfErrorMap });

export type AppOptions = {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Injected by tests that exercise the sign-in throttle with a controlled clock. */
  throttle?: FailedAttemptThrottle;
  /** Built SPA to serve at `/` (production); absent in API tests. */
  distDir?: string;
};

export type App = FastifyInstance;

/** The whole HTTP application; never listens, so tests drive it with `app.inject`. */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Layout zips arrive base64-encoded in JSON: 10 MB decoded is ~13.4 MB of text.
    bodyLimit: 16 * 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);

  await app.register(errorsPlugin, { spa: Boolean(options.distDir) });
  if (options.distDir) await app.register(spaPlugin, { distDir: options.distDir });
  await app.register(authPlugin, { db: options.database.db, throttle: options.throttle });
  await app.register(apiRoutes, { db: options.database.db });
  return app;
}
