import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maxHeaderSize } from 'node:http';
import { z } from 'zod';
import { drfErrorMap } from '../contract/messages.js';
import type { Database } from './db/client.js';
import { startMaintenance } from './db/maintenance.js';
import { zodValidatorCompiler } from './lib/validation.js';
import { redactingLogger } from './lib/log-redaction.js';
import fastifyCookie from '@fastify/cookie';
import { errorsPlugin } from './plugins/errors.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { openapiPlugin } from './plugins/openapi.js';
import { spaPlugin } from './plugins/spa.js';
import { upstreamPlugin } from './plugins/upstream.js';
import { permissionsPlugin } from './plugins/permissions.js';
import { requestsFirst, trackRequestActivity } from './plugins/request-activity.js';
import type { SessionLifetime } from './lib/browser-sessions.js';
import { auditPlugin, auditTrail } from './features/audit/index.js';
import { identityPlugin, type FailedAttemptThrottle } from './features/identity/index.js';
import { listsPlugin } from './features/lists/index.js';
import { subscribersPlugin } from './features/subscribers/index.js';
import { personDataPlugin } from './features/person-data/index.js';
import { fieldsPlugin } from './features/fields/index.js';
import { regionsPlugin } from './features/regions/index.js';
import { languagesPlugin } from './features/languages/index.js';
import { mailingsPlugin } from './features/mailings/index.js';
import { templatesPlugin } from './features/templates/index.js';
import { importsPlugin } from './features/imports/index.js';
import { statisticsPlugin } from './features/statistics/index.js';
import { segmentsPlugin } from './features/segments/index.js';
import { campaignsPlugin } from './features/campaigns/index.js';
import { INVALID_LINK_PAGE, sendingPlugin, type SendingOptions } from './features/sending/index.js';
import { webhooksPlugin, type WebhookOptions } from './features/webhooks/index.js';
import { automationsPlugin, type AutomationOptions } from './features/automations/index.js';
import { formsPlugin } from './features/forms/index.js';
import { overviewPlugin } from './features/overview/index.js';
import { preferencesPlugin } from './features/preferences/index.js';
import { suppressionsPlugin } from './features/suppressions/index.js';

z.config({ customError: drfErrorMap });

type CommonOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Built SPA to serve at `/` (production); absent in API tests. */
  distDir?: string;
  /**
   * Which peers may set X-Forwarded-For (Fastify's trustProxy). The sign-in throttle keys on
   * the client address, so a spoofable one would let a guesser pose as many clients.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
};

/**
 * Either `database` (serve the API) or `upstream` (forward it to another deployment,
 * docs/architecture.md §1), never both; one flat type so callers can spread partial options.
 */
export type AppOptions = CommonOptions & {
  database?: Database;
  /** Base URL of the deployment to proxy /api/v1 and /media to (UPSTREAM_API_URL). */
  upstream?: string;
  /** Injected by tests that exercise the sign-in throttle with a controlled clock. */
  throttle?: FailedAttemptThrottle;
  /** Idle timeout and absolute lifetime of browser sessions (SESSION_* variables). */
  sessionLifetime?: SessionLifetime;
  /** Run the CSV import job loop in this process (the server does; API tests drive jobs). */
  importWorker?: boolean;
  /** How deliveries are sent (SMTP_URL, PUBLIC_URL, rates…); defaults: the embedded outbox. */
  sending?: Partial<SendingOptions>;
  /** Run the delivery loop in this process (the server does; API tests drive rounds). */
  deliveryWorker?: boolean;
  /** How outgoing webhooks are sent (WEBHOOK_* variables; tests shorten the retries). */
  webhooks?: Partial<WebhookOptions>;
  /** Run the webhook sending loop in this process (the server does; API tests run rounds). */
  webhookWorker?: boolean;
  /** The automation scheduler's clock and pace (tests inject the clock). */
  automations?: Partial<AutomationOptions>;
  /** Run the automation scheduler in this process (the server does; API tests run rounds). */
  automationWorker?: boolean;
  /** Accepted sign-up form submissions per address block and hour (FORM_IP_BUDGET). */
  formIpBudget?: number;
  /** A sign-up form's minimum fill time in ms (default 3 s; the browser bench shortens it). */
  formMinFillMs?: number;
  /** Called for every route as it is added (tests enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
};

export type App = FastifyInstance;

/** The whole HTTP application; never listens, so tests drive it with `app.inject`. */
export async function buildApp(options: AppOptions): Promise<App> {
  if (options.database && options.upstream !== undefined) {
    throw new Error('buildApp takes a database or an upstream URL, not both.');
  }
  const app = Fastify({
    // Request logs carry no secrets: tokens in paths and queries are redacted.
    logger: redactingLogger(options.logger),
    // Layout zips arrive base64-encoded in JSON: 10 MB decoded is ~13.4 MB of text.
    bodyLimit: 16 * 1024 * 1024,
    trustProxy: options.trustProxy ?? 'loopback',
    // `{base_url}/` + `/api/v1/lists` is a common client slip: `//api/v1/lists` routes as
    // the path it means (the SPA's static wildcard would otherwise answer it 403).
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      // A click token carries its link's URL (features/sending/links/tokens.ts), so `/t/c/{token}`
      // is as long as the link allows; at the router's default of 100 characters a link of ~50
      // matched no route. No parameter can be longer than the request line Node accepts
      // (maxHeaderSize, 16 KiB unless --max-http-header-size), so none that arrives is refused.
      maxParamLength: maxHeaderSize,
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Infrastructure first. An unknown path under a message link's prefix answers sending's
  // "link not valid" page: passed in, as plugins/ imports no feature.
  await app.register(errorsPlugin, {
    spa: Boolean(options.distDir),
    invalidLinkPage: INVALID_LINK_PAGE,
  });
  // Before any route, so every answer (404s included) carries the headers.
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCookie);
  if (options.distDir) await app.register(spaPlugin, { distDir: options.distDir });
  if (options.upstream !== undefined) {
    await app.register(upstreamPlugin, {
      upstream: options.upstream,
      sessionLifetime: options.sessionLifetime,
      now: options.throttle?.now,
    });
    return app;
  }
  if (!options.database) throw new Error('buildApp needs a database or an upstream URL.');
  const { database } = options;
  const { db } = database;
  const requests = trackRequestActivity(app);
  app.decorate('requestActivity', requests);
  await app.register(jsonBodyPlugin);
  // Before the routes (identity's come with its plugin): it collects them.
  await app.register(openapiPlugin);
  // Hooks before the routes: they must cover every route under /api/v1 (issue 29 part 7),
  // and identity's sets `request.user`, which the permission check and the routes read.
  await app.register(auditTrail, { db });
  await app.register(identityPlugin, {
    db,
    throttle: options.throttle,
    sessionLifetime: options.sessionLifetime,
  });
  await app.register(permissionsPlugin, { db });

  // The features, each registering its routes (under /api/v1), hooks and workers.
  await app.register(listsPlugin, { db });
  await app.register(subscribersPlugin, { database, requests });
  await app.register(fieldsPlugin, { db });
  await app.register(regionsPlugin, { db });
  await app.register(languagesPlugin, { db });
  await app.register(mailingsPlugin, { db });
  await app.register(templatesPlugin, { db });
  await app.register(importsPlugin, { database, requests, worker: options.importWorker });
  await app.register(statisticsPlugin, { db });
  await app.register(segmentsPlugin, { db });
  await app.register(campaignsPlugin, { db });
  await app.register(auditPlugin, { db });
  await app.register(personDataPlugin, { db });
  await app.register(suppressionsPlugin, { db });
  await app.register(sendingPlugin, {
    database,
    options: options.sending,
    worker: options.deliveryWorker,
  });
  // After sending: its pages sign and mail links with sending's context.
  await app.register(preferencesPlugin, { db });
  await app.register(webhooksPlugin, {
    db,
    options: options.webhooks,
    worker: options.webhookWorker,
  });
  await app.register(automationsPlugin, {
    db,
    options: options.automations,
    worker: options.automationWorker,
  });
  await app.register(formsPlugin, {
    db,
    ipBudget: options.formIpBudget,
    minFillMs: options.formMinFillMs,
  });
  // After sending: the home's warnings read its health checks.
  await app.register(overviewPlugin, { db });

  if (options.importWorker && database.kind === 'pglite') {
    // No autovacuum in PGlite: planner statistics follow row changes (db/maintenance.ts).
    const maintenance = startMaintenance(db, {
      beforeEach: () => requestsFirst(requests),
      onError: (error) => app.log.error({ err: error }, 'ANALYZE/VACUUM failed'),
    });
    app.addHook('onClose', () => maintenance.stop());
  }
  return app;
}
