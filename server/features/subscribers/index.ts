import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { requestsFirst, type RequestActivity } from '../../plugins/request-activity.js';
import { gateSubscriberPageSteps, subscriberPagesPrepared } from './page-blocks.js';
import { subscribersRoutes } from './routes.js';

/**
 * The subscribers feature's public surface: what the app's composition (server/app.ts) and
 * other features may use (sending's test messages and automations look a subscriber up
 * through the repository; segments list their members as subscribers; imports cut the page
 * blocks after a job). Everything else in this folder is the feature's own
 * (docs/architecture.md §2).
 */
export { prepareSubscriberPages, subscriberPagesPrepared } from './page-blocks.js';
export { subscribersRepository } from './repository.js';
export { serializeSubscriber } from './serialize.js';

export type SubscribersPluginOptions = {
  database: Database;
  /** The server's API requests: on PGlite, a page-block step waits for them. */
  requests: RequestActivity;
};

/** Subscribers of a list under /api/v1, and the page blocks cut in the background. */
export async function subscribersPlugin(app: FastifyInstance, options: SubscribersPluginOptions) {
  const { database, requests } = options;
  await app.register(subscribersRoutes, { db: database.db, prefix: '/api/v1' });
  // Page blocks are cut in the background (after an import, or as a large list is paged);
  // the database must outlive those short runs.
  app.addHook('onClose', () => subscriberPagesPrepared());
  // PGlite's one connection: a cut step waits, like an import batch, for requests to end.
  if (database.kind === 'pglite') {
    gateSubscriberPageSteps(database.db, () => requestsFirst(requests));
  }
}
