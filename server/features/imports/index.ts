import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { RequestActivity } from '../../plugins/request-activity.js';
import { prepareSubscriberPages } from '../subscribers/index.js';
import { importsRoutes } from './routes.js';
import { importUndoRoutes } from './undo-routes.js';
import { startImportWorker } from './worker.js';

// What other parts of the server use of imports (tests run the job queue by hand); nothing
// else of this folder is imported from outside it.
export { runImportJobs } from './worker.js';

export type ImportsPluginOptions = {
  database: Database;
  /** The server's API requests: on PGlite, import batches let them go first. */
  requests: RequestActivity;
  /** Run the CSV import job loop in this process (the server does; API tests drive jobs). */
  worker?: boolean;
};

/** CSV imports of a list under /api/v1, and the job loop that processes them. */
export async function importsPlugin(app: FastifyInstance, options: ImportsPluginOptions) {
  const { database, requests } = options;
  await app.register(importsRoutes, { db: database.db, prefix: '/api/v1' });
  await app.register(importUndoRoutes, { db: database.db, prefix: '/api/v1' });
  if (!options.worker) return;
  const worker = startImportWorker(database, {
    log: app.log,
    requests,
    // An import batch drops the list's page blocks; the job's end cuts them again.
    afterJob: (listId) => void prepareSubscriberPages(database.db, listId),
  });
  app.addHook('onClose', () => worker.stop());
}
