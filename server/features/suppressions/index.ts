/**
 * Suppressions: the one list of addresses and domains never to be mailed again (issue 52),
 * and of erased people, kept only as a salted hash (issue 53). Other features import only
 * this file: sending checks it at send time, imports and the subscribers API refuse what it
 * holds, bounces and complaints add to it.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.js';
import { suppressionsRoutes } from './routes.js';

export { suppressedSql } from './matching.js';
export {
  liftErasure,
  suppressAddress,
  suppressAddresses,
  suppressDomain,
  suppressErased,
  suppressionMessage,
  suppressionOf,
  type SuppressionReason,
} from './repository.js';

/** The list under /api/v1/suppressions (read, add, remove, CSV in and out). */
export async function suppressionsPlugin(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(suppressionsRoutes, { db, prefix: '/api/v1' });
}
