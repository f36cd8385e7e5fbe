import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { defaultWebhookOptions, type WebhookOptions } from './options.js';
import { webhooksRoutes } from './routes.js';
import { sendWebhooks, startWebhookWorker } from './worker.js';

// What app.ts uses of webhooks beside the plugin; nothing else of this folder is imported
// from outside it.
export type { WebhookOptions } from './options.js';

export type WebhooksPluginOptions = {
  db: Db;
  options?: Partial<WebhookOptions>;
  /** Run the sending loop in this process (the server does; API tests run rounds). */
  worker?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends one round of due webhooks now (tests drive the queue with it). */
    sendWebhooks: () => Promise<number>;
  }
}

/** Outgoing webhooks: the endpoints API and the sending loop (docs/architecture.md "Outgoing webhooks"). */
export const webhooksPlugin = fp(async (app: FastifyInstance, plugin: WebhooksPluginOptions) => {
  const options = { ...defaultWebhookOptions, ...plugin.options };
  const worker = plugin.worker ? startWebhookWorker(plugin.db, options, app.log) : undefined;
  app.decorate('sendWebhooks', () => sendWebhooks(plugin.db, options));
  await app.register(webhooksRoutes, {
    prefix: '/api/v1',
    db: plugin.db,
    wake: () => worker?.wake(),
  });
  app.addHook('onClose', async () => worker?.stop());
});
