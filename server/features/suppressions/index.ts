/**
 * Suppressions: the one list of addresses and domains never to be mailed again (issue 52),
 * and of erased people, kept only as a salted hash (issue 53). Other features import only
 * this file: sending checks it at send time, imports and the subscribers API refuse what it
 * holds, bounces and complaints add to it.
 */
export { suppressedSql } from './matching.js';
export {
  liftErasure,
  suppressAddress,
  suppressDomain,
  suppressErased,
  suppressionMessage,
  suppressionOf,
  type SuppressionReason,
} from './repository.js';
