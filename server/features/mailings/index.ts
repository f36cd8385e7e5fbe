import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../lib/route-options.js';
import { layoutRoutes } from './layout-routes.js';
import { layoutMediaRoutes } from './media-routes.js';
import { mailingsRoutes } from './routes.js';

/**
 * The mailings feature's public surface: what other parts of the server may use (the demo
 * data; sending's test messages, which check and read an unsaved variant as creating a
 * mailing does). Everything else in this folder is the feature's own (docs/architecture.md §2).
 */
export { importZipLayout, type ImportedLayout } from './layout-import.js';
export { mailingsRepository, type ListDefaults, type NewVariant } from './repository.js';
export { importedLayout, prepareLayout, variantProblems } from './variant-content.js';

/** Mailings and layouts under /api/v1; a layout's media at its public address outside it. */
export async function mailingsPlugin(app: FastifyInstance, options: RouteOptions) {
  await app.register(
    async (api) => {
      await api.register(mailingsRoutes, options);
      await api.register(layoutRoutes, options);
    },
    { prefix: '/api/v1' },
  );
  await app.register(layoutMediaRoutes, options);
}
