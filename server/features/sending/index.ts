/**
 * Sending: the delivery engine, its API extensions, the public links in messages and the
 * bounce webhook, as one Fastify plugin. Other features, app.ts, plugins/ and the benches
 * import only this file; its rooms (docs/architecture.md §2):
 * - engine/      claims due recipients, sends them, records each result (crash-safe, docs/decisions/delivery-engine.md)
 * - message/     what one message is and how it leaves: render, personal fields, DKIM, VERP,
 *                the transport (SMTP or the embedded outbox), test messages
 * - links/       the links every message carries: signed tokens, click and open hits,
 *                unsubscribe and opt-in pages
 * - bounces/     the bounce webhook, DSN and ARF parsing, the relays' webhooks (providers/),
 *                the bounce mailbox, the bounce and complaint policy
 * - outbox/      the embedded outbox's API, system mail redacted
 * - deliveries/  the deliveries API (progress, pause, resume, cancel, retry, test send)
 * - brake/       complaint and hard-bounce rates per delivery, and the pause above a line
 *                (issue 52)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import type { SendingContext } from './context.js';
import { bounceRoutes } from './bounces/routes.js';
import { defaultSendingOptions, type SendingOptions } from './options.js';
import { outboxRoutes } from './outbox/routes.js';
import { publicRoutes } from './links/routes.js';
import { deliveriesRoutes } from './deliveries/routes.js';
import { brakeRoutes } from './brake/routes.js';
import { sharedRateBucket } from './engine/shared-rate.js';
import { settingsRoutes } from './settings-routes.js';
import { testMessageRoutes, testMediaRoutes } from './message/test-message-routes.js';
import { createSigner, deriveKey, loadSecret } from './links/tokens.js';
import { hitRecorder, type HitRecorder } from './links/hit-recorder.js';
import { startBurstPass } from './links/classify/burst-pass.js';
import { signalRetention } from './links/signal-retention.js';
import { outboxTransport, smtpTransport } from './message/transport.js';
import { createVerp } from './message/verp.js';
import { startDeliveryWorker } from './engine/worker.js';
import { bounceMailbox } from './bounces/mailbox.js';

export type SendingPluginOptions = {
  database: Database;
  options?: Partial<SendingOptions>;
  /** Run the delivery loop in this process (the server does; most API tests do not). */
  worker?: boolean;
};

/**
 * The server's own URL, for links in messages when PUBLIC_URL is not set. Kept once the
 * server listens: asking the socket costs a system call, and every message asks.
 */
function ownUrl(app: FastifyInstance) {
  let known: string | undefined;
  return () => {
    if (known) return known;
    const address = app.server.address();
    if (!address || typeof address === 'string') return 'http://localhost';
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    known = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
    return known;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery engine's context (tests run rounds with it). */
    sending: SendingContext;
    /** Opens and clicks waiting to be written (tests flush it before reading statistics). */
    trackingHits: HitRecorder;
  }
}

/** Registers sending's routes (in this order), its delivery worker and what closes them. */
export const sendingPlugin = fp(async (app: FastifyInstance, plugin: SendingPluginOptions) => {
  const options = { ...defaultSendingOptions, ...plugin.options };
  const { db } = plugin.database;
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const secret = await loadSecret(db, options.secret);
  const verp = options.returnPathDomain
    ? createVerp(options.returnPathDomain, [
        deriveKey(secret),
        ...(options.previousSecret ? [deriveKey(options.previousSecret)] : []),
      ])
    : undefined;
  const transport =
    options.smtpUrls.length > 0
      ? smtpTransport(
          options.smtpUrls,
          options.ratePerServer,
          options.concurrency,
          Math.max(1000, options.leaseMs / 4),
          { dkim: options.dkim, verp },
          // One SMTP_RATE for every replica together, per relay (docs/decisions/delivery-engine.md).
          (url) => sharedRateBucket(db, url, options.ratePerServer, options.concurrency),
        )
      : outboxTransport(db, options.outboxCap);
  const sending: SendingContext = {
    db,
    options,
    transport,
    signer: createSigner(secret, options.previousSecret),
    baseUrl: publicUrl ? () => publicUrl : ownUrl(app),
  };
  app.decorate('sending', sending);
  await app.register(
    async (api) => {
      await api.register(deliveriesRoutes, { sending });
      await api.register(brakeRoutes, { sending });
      await api.register(outboxRoutes, { db, enabled: options.smtpUrls.length === 0 });
      await api.register(settingsRoutes, { sending });
      await api.register(testMessageRoutes, { sending });
    },
    { prefix: '/api/v1' },
  );
  await app.register(bounceRoutes, { sending, verp });
  await app.register(testMediaRoutes, { sending });
  const hits = hitRecorder(db, app.log);
  app.decorate('trackingHits', hits);
  await app.register(publicRoutes, { sending, hits });
  const worker = plugin.worker ? startDeliveryWorker(sending, app.log) : undefined;
  if (worker) {
    // A delivery made due through the API (a mailing sent now, a delivery changed or resumed)
    // starts at once rather than at the next poll: a user's "send now" waited up to pollMs.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? '';
      if (
        request.method !== 'GET' &&
        reply.statusCode < 300 &&
        /^\/api\/v1\/(mailings|deliveries)(\/|$)/.test(route)
      )
        worker.wake();
    });
  }
  const bursts = plugin.worker ? startBurstPass(db, app.log) : undefined;
  const retention = plugin.worker ? signalRetention(db, options.hitSignalDays, app.log) : undefined;
  retention?.start();
  // The bounce mailbox is read where deliveries are sent, by one replica at a time.
  const mailbox =
    plugin.worker && options.bounceMailboxUrl
      ? bounceMailbox(
          sending,
          verp,
          { url: options.bounceMailboxUrl, pollMs: 60_000, leaseMs: 180_000 },
          app.log,
        )
      : undefined;
  mailbox?.start();
  app.addHook('onClose', async () => {
    await bursts?.stop();
    await retention?.stop();
    await mailbox?.stop();
    await worker?.stop();
    await hits.close();
    transport.close();
  });
});

// What other parts of the server use of sending.
export { defaultSendingOptions, type SendingOptions } from './options.js';
export { compileVariant, HREF, renderMessage } from './message/render.js';
export { createSigner } from './links/tokens.js';
/** The preference centre's link (its feature serves the page, issue 50). */
export { manageLink, manageUrl } from './message/manage-link.js';
export type { SendingContext } from './context.js';
export { INVALID_LINK_PAGE } from './links/routes.js';
/** Human or machine (issue 51): reasons' names, the reclassification, the client report's parse. */
export { reasonNames } from './links/classify/reasons.js';
export { reclassifyHits } from './links/classify/reclassify.js';
/** One round of the delivery engine (tests and benches run rounds by hand). */
export { sendRound } from './engine/sender.js';
/** One round of opt-in confirmation mails (tests and benches send them by hand). */
export { sendOptinConfirmations } from './engine/optin-confirmations.js';
/** The sending health checks (GET /settings/sending), which the home's warnings read. */
export { sendingSettingsOf } from './settings-routes.js';
